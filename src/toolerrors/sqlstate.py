"""PostgreSQL's errors by SQLSTATE: ``{"sqlstate", "message", "severity"?, "detail"?,
"hint"?, ...}``, the fields of its ErrorResponse as asyncpg's ``as_dict()`` names them.

Read them with `toolerrors.parse`, or the exception of psycopg, psycopg2, asyncpg or
SQLAlchemy with `toolerrors.from_exception`.  The codes of PostgreSQL's Appendix A are
read by name (`ErrorCode`, named as its condition names), any other by its class.
"""

from __future__ import annotations

from typing import Annotated, Final, TypeAlias

from pydantic import Field, StrictStr

from ._builtin.sqlstate import ROWS
from ._enum import TextEnum
from ._wire import WireModel, as_data, validate

__all__ = ["MEANING", "ErrorCode", "ErrorFields", "Payload", "parse"]


class ErrorCode(TextEnum):
    """The SQLSTATEs read by name, as PostgreSQL's condition names them; it defines many
    more, each read by its class."""

    NO_DATA = "02000"
    FEATURE_NOT_SUPPORTED = "0A000"
    INVALID_GRANTOR = "0L000"
    INVALID_ROLE_SPECIFICATION = "0P000"
    CONNECTION_EXCEPTION = "08000"
    SQLCLIENT_UNABLE_TO_ESTABLISH_SQLCONNECTION = "08001"
    CONNECTION_DOES_NOT_EXIST = "08003"
    SQLSERVER_REJECTED_ESTABLISHMENT_OF_SQLCONNECTION = "08004"
    CONNECTION_FAILURE = "08006"
    TRANSACTION_RESOLUTION_UNKNOWN = "08007"
    PROTOCOL_VIOLATION = "08P01"
    CARDINALITY_VIOLATION = "21000"
    DATA_EXCEPTION = "22000"
    STRING_DATA_RIGHT_TRUNCATION = "22001"
    NUMERIC_VALUE_OUT_OF_RANGE = "22003"
    INVALID_PARAMETER_VALUE = "22023"
    INVALID_TEXT_REPRESENTATION = "22P02"
    INTEGRITY_CONSTRAINT_VIOLATION = "23000"
    RESTRICT_VIOLATION = "23001"
    NOT_NULL_VIOLATION = "23502"
    FOREIGN_KEY_VIOLATION = "23503"
    UNIQUE_VIOLATION = "23505"
    CHECK_VIOLATION = "23514"
    EXCLUSION_VIOLATION = "23P01"
    INVALID_TRANSACTION_STATE = "25000"
    IN_FAILED_SQL_TRANSACTION = "25P02"
    INVALID_AUTHORIZATION_SPECIFICATION = "28000"
    INVALID_PASSWORD = "28P01"
    DEPENDENT_OBJECTS_STILL_EXIST = "2BP01"
    INVALID_CATALOG_NAME = "3D000"
    INVALID_SCHEMA_NAME = "3F000"
    TRANSACTION_ROLLBACK = "40000"
    SERIALIZATION_FAILURE = "40001"
    TRANSACTION_INTEGRITY_CONSTRAINT_VIOLATION = "40002"
    STATEMENT_COMPLETION_UNKNOWN = "40003"
    DEADLOCK_DETECTED = "40P01"
    SYNTAX_ERROR_OR_ACCESS_RULE_VIOLATION = "42000"
    INSUFFICIENT_PRIVILEGE = "42501"
    SYNTAX_ERROR = "42601"
    UNDEFINED_COLUMN = "42703"
    UNDEFINED_FUNCTION = "42883"
    UNDEFINED_TABLE = "42P01"
    DUPLICATE_TABLE = "42P07"
    DUPLICATE_OBJECT = "42710"
    WITH_CHECK_OPTION_VIOLATION = "44000"
    INSUFFICIENT_RESOURCES = "53000"
    DISK_FULL = "53100"
    OUT_OF_MEMORY = "53200"
    TOO_MANY_CONNECTIONS = "53300"
    PROGRAM_LIMIT_EXCEEDED = "54000"
    STATEMENT_TOO_COMPLEX = "54001"
    LOCK_NOT_AVAILABLE = "55P03"
    OPERATOR_INTERVENTION = "57000"
    QUERY_CANCELED = "57014"
    ADMIN_SHUTDOWN = "57P01"
    CRASH_SHUTDOWN = "57P02"
    CANNOT_CONNECT_NOW = "57P03"
    DATABASE_DROPPED = "57P04"
    IDLE_SESSION_TIMEOUT = "57P05"
    SYSTEM_ERROR = "58000"
    IO_ERROR = "58030"
    INTERNAL_ERROR = "XX000"
    DATA_CORRUPTED = "XX001"
    INDEX_CORRUPTED = "XX002"
    PLPGSQL_ERROR = "P0000"
    RAISE_EXCEPTION = "P0001"
    NO_DATA_FOUND = "P0002"
    TOO_MANY_ROWS = "P0003"
    ASSERT_FAILURE = "P0004"


MEANING: Final[dict[ErrorCode, str]] = {
    ErrorCode(row.code): row.meaning for row in ROWS if row.reads
}
"""What each code means, in PostgreSQL's condition names."""


class ErrorFields(WireModel):
    """``{sqlstate, message, ...}``: the code and the primary message are always there;
    the other fields of PostgreSQL's error are there when the server sent them."""

    sqlstate: Annotated[ErrorCode | StrictStr, Field(union_mode="left_to_right")]
    message: StrictStr
    severity: StrictStr | None = None
    severity_en: StrictStr | None = None
    detail: StrictStr | None = None
    hint: StrictStr | None = None
    position: StrictStr | None = None
    internal_position: StrictStr | None = None
    internal_query: StrictStr | None = None
    context: StrictStr | None = None
    schema_name: StrictStr | None = None
    table_name: StrictStr | None = None
    column_name: StrictStr | None = None
    data_type_name: StrictStr | None = None
    constraint_name: StrictStr | None = None
    server_source_filename: StrictStr | None = None
    server_source_line: StrictStr | None = None
    server_source_function: StrictStr | None = None


Payload: TypeAlias = ErrorFields
"""A PostgreSQL error's fields."""


def parse(payload: object, *, strict: bool = False) -> ErrorFields:
    """A PostgreSQL error's fields (dict, JSON text or model) as its model."""
    return validate(ErrorFields, as_data(payload), strict)
