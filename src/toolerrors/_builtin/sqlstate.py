"""SQLSTATE as a source: a PostgreSQL error's fields, ``{"sqlstate", "message",
"severity"?, "detail"?, "hint"?, ...}``, and the exceptions of the drivers that carry them.

PostgreSQL reports every error with a five-character SQLSTATE code (Appendix A of its
documentation, "PostgreSQL Error Codes"): the first two characters are the class
(``23`` integrity constraint violation), and each class has a generic code, the class
and ``000`` (``23000``).  The code decides; a code not in the table reads as its class's
generic code; a class not in the table by the message's words.  The fields are those
of PostgreSQL's ErrorResponse message, named as asyncpg's ``as_dict()`` names them.

psycopg (3) and psycopg2 keep them as ``diag`` (``psycopg.Error.sqlstate``, psycopg2's
``pgcode``), asyncpg on its ``PostgresError``, and SQLAlchemy's ``DBAPIError`` keeps the
driver's exception as ``orig``: all are read here, none imported.  A driver's
``OperationalError`` with no SQLSTATE is a connection that failed: never made, so
nothing was sent, when libpq says it could not connect; otherwise lost, and the
statement may have run.  The pydantic model is in ``toolerrors.sqlstate``.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Any, Final

from .._errors import text_of
from .._kinds import ErrorKind
from .._source import Claim, Field, Shape, Source, canonical_row, with_extra
from .._table import Row, Rows, codes_of, read_row, row_for
from .._unified import make
from .._words import UNSAID, read_words

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = ["SOURCE", "kind_of", "read_sqlstate", "read_text", "write"]


rows = Rows("sqlstate")

# fmt: off
ROWS: Final = (
    # 02, 0A, 0L, 0P: no data, feature not supported, invalid grantor, invalid role
    rows.read("02000", ErrorKind.NOT_FOUND, False, "no_data: nothing matched."),
    rows.read("0A000", ErrorKind.UNSUPPORTED, False, "feature_not_supported.", writes=True),
    rows.read("0L000", ErrorKind.PERMISSION_DENIED, False, "invalid_grantor."),
    rows.read("0P000", ErrorKind.PERMISSION_DENIED, False, "invalid_role_specification."),
    # 08: connection exception
    rows.read("08000", ErrorKind.UNKNOWN_OUTCOME, None, "connection_exception: the connection failed, perhaps after the statement was sent, so it may have run."),
    rows.read("08001", ErrorKind.UNAVAILABLE, True, "sqlclient_unable_to_establish_sqlconnection: the client could not connect, so nothing was sent."),
    rows.read("08003", ErrorKind.UNKNOWN_OUTCOME, None, "connection_does_not_exist: the connection was closed, perhaps in the middle of the statement (asyncpg's ConnectionDoesNotExistError), which may have run."),
    rows.read("08004", ErrorKind.UNAVAILABLE, None, "sqlserver_rejected_establishment_of_sqlconnection: the server refused the connection before any statement; another attempt may meet the same refusal."),
    rows.read("08006", ErrorKind.UNKNOWN_OUTCOME, None, "connection_failure: the connection was lost; a statement, a COMMIT among them, may have run."),
    rows.read("08007", ErrorKind.UNKNOWN_OUTCOME, None, "transaction_resolution_unknown: whether the transaction committed is not known.", writes=True),
    rows.read("08P01", ErrorKind.INTERNAL, False, "protocol_violation: the client broke the wire protocol, a bug in the driver or the tool."),
    # 21, 22: cardinality violation, data exception
    rows.read("21000", ErrorKind.INVALID_INPUT, False, "cardinality_violation: more than one row where one was expected (a subquery, or ON CONFLICT affecting a row twice)."),
    rows.read("22000", ErrorKind.INVALID_INPUT, False, "data_exception: a value the statement can't use."),
    rows.read("22001", ErrorKind.TOO_LARGE, False, "string_data_right_truncation: the value is too long for its column's type."),
    rows.read("22003", ErrorKind.INVALID_INPUT, False, "numeric_value_out_of_range."),
    rows.read("22023", ErrorKind.INVALID_INPUT, False, "invalid_parameter_value.", writes=True),
    rows.read("22P02", ErrorKind.INVALID_INPUT, False, "invalid_text_representation (not a valid uuid or integer, say)."),
    # 23: integrity constraint violation
    rows.read("23000", ErrorKind.INVALID_INPUT, False, "integrity_constraint_violation."),
    rows.read("23001", ErrorKind.CONFLICT, False, "restrict_violation: other rows still refer to this one."),
    rows.read("23502", ErrorKind.INVALID_INPUT, False, "not_null_violation: the detail shows the failing row."),
    rows.read("23503", ErrorKind.CONFLICT, False, "foreign_key_violation: the row refers to one that is not there, or is referred to by others."),
    rows.read("23505", ErrorKind.CONFLICT, False, "unique_violation: a row with that key exists already; the detail names the key.", writes=True),
    rows.read("23514", ErrorKind.INVALID_INPUT, False, "check_violation."),
    rows.read("23P01", ErrorKind.CONFLICT, False, "exclusion_violation: the row conflicts with an existing one."),
    # 25, 28, 2B: invalid transaction state, invalid authorization, dependent objects
    rows.read("25000", ErrorKind.INVALID_INPUT, False, "invalid_transaction_state: the statement can't run in the transaction's state."),
    rows.read("25P02", ErrorKind.INTERNAL, False, "in_failed_sql_transaction: an earlier statement failed and the transaction must be rolled back first; a bug in the tool's handling."),
    rows.read("28000", ErrorKind.UNAUTHENTICATED, False, "invalid_authorization_specification: the role may not sign in, or no pg_hba.conf entry allows it.", writes=True),
    rows.read("28P01", ErrorKind.UNAUTHENTICATED, False, "invalid_password: password authentication failed."),
    rows.read("2BP01", ErrorKind.CONFLICT, False, "dependent_objects_still_exist."),
    # 3D, 3F: invalid catalog (database) and schema names
    rows.read("3D000", ErrorKind.NOT_FOUND, False, "invalid_catalog_name: the database does not exist."),
    rows.read("3F000", ErrorKind.NOT_FOUND, False, "invalid_schema_name: the schema does not exist."),
    # 40: transaction rollback
    rows.read("40000", ErrorKind.CONFLICT, None, "transaction_rollback: the transaction was rolled back."),
    rows.read("40001", ErrorKind.CONFLICT, True, "serialization_failure: the transaction was rolled back; run the whole transaction again."),
    rows.read("40002", ErrorKind.CONFLICT, False, "transaction_integrity_constraint_violation: a deferred constraint failed at commit, and the transaction was rolled back."),
    rows.read("40003", ErrorKind.UNKNOWN_OUTCOME, None, "statement_completion_unknown."),
    rows.read("40P01", ErrorKind.CONFLICT, True, "deadlock_detected: this transaction was rolled back to break the deadlock; run it again."),
    # 42: syntax error or access rule violation
    rows.read("42000", ErrorKind.INVALID_INPUT, False, "syntax_error_or_access_rule_violation."),
    rows.read("42501", ErrorKind.PERMISSION_DENIED, False, "insufficient_privilege, or a row-level security policy refused the row.", writes=True),
    rows.read("42601", ErrorKind.INVALID_INPUT, False, "syntax_error."),
    rows.read("42703", ErrorKind.INVALID_INPUT, False, "undefined_column: the statement names a column that is not there; the hint may name the one meant."),
    rows.read("42883", ErrorKind.NOT_FOUND, False, "undefined_function."),
    rows.read("42P01", ErrorKind.NOT_FOUND, False, "undefined_table: no table or view by that name.", writes=True),
    rows.read("42P07", ErrorKind.CONFLICT, False, "duplicate_table."),
    rows.read("42710", ErrorKind.CONFLICT, False, "duplicate_object."),
    # 44: with check option violation
    rows.read("44000", ErrorKind.INVALID_INPUT, False, "with_check_option_violation: the row is outside the view it was written through."),
    # 53, 54, 55: insufficient resources, program limit exceeded, object not in prerequisite state
    rows.read("53000", ErrorKind.UNAVAILABLE, True, "insufficient_resources: the statement failed and was rolled back."),
    rows.read("53100", ErrorKind.UNAVAILABLE, None, "disk_full: someone must make room before it can succeed."),
    rows.read("53200", ErrorKind.UNAVAILABLE, True, "out_of_memory."),
    rows.read("53300", ErrorKind.UNAVAILABLE, True, "too_many_connections."),
    rows.read("54000", ErrorKind.TOO_LARGE, False, "program_limit_exceeded.", writes=True),
    rows.read("54001", ErrorKind.TOO_LARGE, False, "statement_too_complex."),
    rows.read("55P03", ErrorKind.UNAVAILABLE, True, "lock_not_available: another transaction holds the lock (NOWAIT, or lock_timeout)."),
    # 57: operator intervention
    rows.read("57000", ErrorKind.UNAVAILABLE, None, "operator_intervention."),
    rows.read("57014", ErrorKind.UNAVAILABLE, None, "query_canceled: a statement_timeout or a cancel request stopped the statement, which was rolled back; whether another attempt finishes in time is not known."),
    rows.read("57P01", ErrorKind.UNAVAILABLE, True, "admin_shutdown: the server is shutting down and ended the session; its open transaction was rolled back."),
    rows.read("57P02", ErrorKind.UNAVAILABLE, None, "crash_shutdown: the server is restarting after another process crashed."),
    rows.read("57P03", ErrorKind.UNAVAILABLE, True, "cannot_connect_now: the server is starting up or shutting down, before any statement ran.", writes=True),
    rows.read("57P04", ErrorKind.NOT_FOUND, False, "database_dropped."),
    rows.read("57P05", ErrorKind.UNAVAILABLE, True, "idle_session_timeout: the session was ended while idle, with nothing running."),
    # 58, XX: system error, internal error
    rows.read("58000", ErrorKind.INTERNAL, None, "system_error: an error outside PostgreSQL itself."),
    rows.read("58030", ErrorKind.INTERNAL, None, "io_error."),
    rows.read("XX000", ErrorKind.INTERNAL, None, "internal_error.", writes=True),
    rows.read("XX001", ErrorKind.INTERNAL, False, "data_corrupted."),
    rows.read("XX002", ErrorKind.INTERNAL, False, "index_corrupted."),
    # P0: PL/pgSQL
    rows.read("P0000", ErrorKind.INVALID_INPUT, False, "plpgsql_error."),
    rows.read("P0001", ErrorKind.INVALID_INPUT, False, "raise_exception: a function's RAISE; its message says why."),
    rows.read("P0002", ErrorKind.NOT_FOUND, False, "no_data_found: SELECT INTO STRICT found no row."),
    rows.read("P0003", ErrorKind.AMBIGUOUS, False, "too_many_rows: SELECT INTO STRICT found more than one row.", writes=True),
    rows.read("P0004", ErrorKind.INTERNAL, False, "assert_failure: a function's ASSERT failed."),
    *rows.write("28000", ErrorKind.NOT_CONNECTED),
    *rows.write("42501", ErrorKind.PAUSED, ErrorKind.APPROVAL_REQUIRED, ErrorKind.REFUSED, ErrorKind.PAYMENT_REQUIRED),
    *rows.write("53300", ErrorKind.RATE_LIMITED, lost="that it is a rate limit, not a full server"),
    *rows.write("25000", ErrorKind.COMMIT_REQUIRED),
    *rows.write("P0001", ErrorKind.UPSTREAM_ERROR, lost="that the app behind the tool failed, not the input; RAISE's message says why"),
    *rows.write("XX000", ErrorKind.UNKNOWN),
)
# fmt: on

CODES: Final = codes_of(ROWS)
"""The SQLSTATEs read by name: PostgreSQL defines many more, each read by its class."""


def kind_of(code: str) -> tuple[ErrorKind, bool | None] | None:
    """What a SQLSTATE says: its row, else its class's generic code's (``08`` and
    ``000``); ``None`` for a class the table does not hold."""
    row = read_row("sqlstate", code, None) or read_row("sqlstate", code[:2] + "000", None)
    return None if row is None else (row.kind, row.retryable)


def _kind(code: str, message: str, detail: object) -> tuple[ErrorKind, bool | None]:
    """The code's row, else its class's, else the words of the message and detail."""
    said = kind_of(code)
    if said is not None:
        return said
    return read_words(message, detail if type(detail) is str else None) or UNSAID


_TEXT: Final = (str,)

ERROR: Final = Shape(
    "error",
    (
        Field("sqlstate", _TEXT, required=True, fills="code"),
        Field("message", _TEXT, required=True, fills="message"),
        Field("severity", _TEXT, samples=("ERROR", "FATAL")),
        Field("severity_en", _TEXT, samples=("ERROR",)),
        Field("detail", _TEXT, samples=("Key (id)=(1) already exists.",)),
        Field("hint", _TEXT),
        Field("position", _TEXT),
        Field("internal_position", _TEXT),
        Field("internal_query", _TEXT),
        Field("context", _TEXT),
        Field("schema_name", _TEXT, samples=("public",)),
        Field("table_name", _TEXT),
        Field("column_name", _TEXT),
        Field("data_type_name", _TEXT),
        Field("constraint_name", _TEXT),
        Field("server_source_filename", _TEXT),
        Field("server_source_line", _TEXT),
        Field("server_source_function", _TEXT),
    ),
    model="ErrorFields",
)  # fmt: skip


def read_sqlstate(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"sqlstate": text, "message": text, "severity"?: text, "detail"?: text, ...}``."""
    ERROR.check(d, strict, where)
    code, message = d["sqlstate"], d["message"]
    kind, retryable = _kind(code, message, d.get("detail"))
    return make(kind, message, retryable=retryable, vendor="sqlstate", code=code, extra=d)


@cache
def _mark() -> re.Pattern[str]:
    """A SQLSTATE as drivers print one in their text, compiled on first use: Go's pgx
    ends its message with it (``ERROR: duplicate key value ... (SQLSTATE 23505)``), PHP's
    PDO opens with it (``SQLSTATE[40001]: Serialization failure: 1213 Deadlock ...``),
    Go's go-pg after its severity (``ERROR #40001 restart transaction: ...``), psql's
    verbose report after its severity and two spaces (``ERROR:  25006: cannot execute
    UPDATE in a read-only transaction``, YugabyteDB's ysqlsh's too), Rust's
    tokio-postgres in its ``Debug`` form (``DbError { code: SqlState(E57P05), ...``)."""
    return re.compile(
        r"\(SQLSTATE ([0-9A-Z]{5})\)|\bSQLSTATE\[([0-9A-Z]{5})\]|\bERROR #([0-9A-Z]{5})\b"
        r"|\b(?:ERROR|FATAL|PANIC):  ((?=[0-9A-Z]{0,4}\d)[0-9A-Z]{5}):\s"
        r"|\bSqlState\(E([0-9A-Z]{5})\)"
    )


def read_text(text: str) -> UnifiedError | None:
    """The error a driver's text reports with its SQLSTATE (`_mark`), wherever it stands
    (an exception's ``str``, a log line, a tool's text), read as its fields are; ``None``
    for a text without one."""
    if (
        "SQLSTATE" not in text
        and "ERROR #" not in text
        and ":  " not in text
        and "SqlState(" not in text
    ):
        return None  # most texts: no expression
    found = _mark().search(text)
    if found is None:
        return None
    code = found[1] or found[2] or found[3] or found[4] or found[5]
    return read_sqlstate({"sqlstate": code, "message": text.strip()}, False, "")


_DIAG: Final = {
    "sqlstate": "sqlstate",
    "message_primary": "message",
    "severity": "severity",
    "severity_nonlocalized": "severity_en",
    "message_detail": "detail",
    "message_hint": "hint",
    "statement_position": "position",
    "internal_position": "internal_position",
    "internal_query": "internal_query",
    "context": "context",
    "schema_name": "schema_name",
    "table_name": "table_name",
    "column_name": "column_name",
    "datatype_name": "data_type_name",
    "constraint_name": "constraint_name",
    "source_file": "server_source_filename",
    "source_line": "server_source_line",
    "source_function": "server_source_function",
}
"""psycopg's and psycopg2's ``Diagnostic`` attributes, to the fields' names."""

_NEVER_CONNECTED: Final = (
    r"connection to server (?:at|on socket) .*? failed: |could not translate host name"
)
"""How libpq begins its message for a connection it never made (``connection to server at
"127.0.0.1", port 5432 failed: ...``): no statement was sent."""

_UNREACHED: Final = (
    r"failed: (?:Connection refused|timeout expired|No such file or directory"
    r"|Network is unreachable|No route to host)|could not translate host name"
)
"""libpq's words for a server it could not reach; otherwise the server refused the
connection with words of its own (``FATAL:  password authentication failed``)."""

_LOST: Final = frozenset({"psycopg.OperationalError", "psycopg2.OperationalError"})
"""The drivers' exception for a failed connection: without a SQLSTATE, the connection was
lost or never made."""

_UNREACHABLE: Final = row_for(ROWS, "08001")
_REJECTED: Final = row_for(ROWS, "08004")
_MAY_HAVE_RUN: Final = row_for(ROWS, "08006")


def _fields(exc: BaseException) -> dict[str, Any] | None:
    """The error's fields as a driver's exception keeps them, or ``None`` without a
    SQLSTATE: asyncpg's ``as_dict()``, psycopg's and psycopg2's ``diag``, else a bare
    ``sqlstate`` or ``pgcode`` (SQLAlchemy's asyncpg adapter) beside the text."""
    as_dict = getattr(exc, "as_dict", None)
    fields = as_dict() if callable(as_dict) else None
    if isinstance(fields, dict) and type(fields.get("sqlstate")) is str:
        return {"message": text_of(exc), **fields}
    diag = getattr(exc, "diag", None)
    if type(getattr(diag, "sqlstate", None)) is str:
        found = {name: getattr(diag, attr, None) for attr, name in _DIAG.items()}
        fields = {name: value for name, value in found.items() if type(value) is str}
        return {"message": text_of(exc), **fields}
    code = getattr(exc, "sqlstate", None) or getattr(exc, "pgcode", None)
    return {"sqlstate": code, "message": text_of(exc)} if type(code) is str else None


def _read_exception(exc: BaseException) -> UnifiedError:
    """A driver's exception (psycopg, psycopg2, asyncpg), or SQLAlchemy's around one, by
    its SQLSTATE and fields; the message is the driver's, never SQLAlchemy's text, which
    holds the statement and its parameters.  Without a SQLSTATE, a driver's failed
    connection reads by whether libpq says it was never made; anything else is
    ``unknown``, for the causes beneath to say more."""
    orig = getattr(exc, "orig", None)  # SQLAlchemy's DBAPIError
    driver = orig if isinstance(orig, BaseException) else exc
    fields = _fields(driver)
    if fields is None and isinstance(driver.__cause__, BaseException):
        fields = _fields(driver.__cause__)  # SQLAlchemy's asyncpg adapter: asyncpg's own
    if fields is not None:
        return read_sqlstate(fields, False, "exception")
    text = text_of(driver).strip()
    cls = type(driver)
    lost = f"{cls.__module__}.{cls.__qualname__}" in _LOST
    kind, retryable = _unconnected(text) if lost else UNSAID
    return make(kind, text, retryable=retryable, vendor="sqlstate")


def _unconnected(text: str) -> tuple[ErrorKind, bool | None]:
    """A driver's failed connection with no SQLSTATE: a server libpq never reached is
    unavailable and safe to try again; one that refused the connection, by its words
    (a wrong password), else as a refusal another attempt may meet again; a connection
    made and then lost may have run its statement, a COMMIT among them."""
    if re.search(_NEVER_CONNECTED, text) is None:
        return _MAY_HAVE_RUN.kind, _MAY_HAVE_RUN.retryable
    if re.search(_UNREACHED, text) is not None:
        return _UNREACHABLE.kind, _UNREACHABLE.retryable
    return read_words(text) or (_REJECTED.kind, _REJECTED.retryable)


def _at_home(error: UnifiedError) -> bool:
    """The error carries a SQLSTATE and it still reads as its kind."""
    code = error.code
    if error.vendor != "sqlstate" or code is None or len(code) != 5:
        return False
    detail = error.extra.get("detail") if error.extra else None
    return _kind(code, error.message, detail)[0] is error.kind


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as PostgreSQL's fields; at home, every field it came with."""
    if _at_home(error) and error.code is not None:
        return with_extra({"sqlstate": error.code, "message": error.message}, error)
    return {"sqlstate": canonical_row(error, "sqlstate").code, "message": error.message}


def example(row: Row, message: str) -> dict[str, Any]:
    """The fields as asyncpg's ``as_dict()`` gives them."""
    return {"severity": "ERROR", "sqlstate": row.code, "message": message}


_SQLSTATE: Final = r"[0-9A-Z]{5}"
"""The patterns here are compiled on first use, by ``re``'s own cache: at import they
cost 2 ms of every start, for errors most programs never meet."""


def _a_code(d: Mapping[str, Any]) -> bool:
    """A SQLSTATE: five digits or upper-case letters."""
    return re.fullmatch(_SQLSTATE, d["sqlstate"]) is not None


SOURCE: Final = Source(
    name="sqlstate",
    title="SQLSTATE",
    codes=CODES,
    shapes=(ERROR,),
    rows=ROWS,
    claims=(
        Claim(
            100,
            "sqlstate",
            read_sqlstate,
            "a `sqlstate` of five digits or upper-case letters beside a text `message`",
            is_a=str,
            texts=("message",),
            when=_a_code,
        ),
    ),
    write=write,
    models=".sqlstate",
    example=example,
    docs="sqlstate.md",
    texts=read_text,
    exceptions={
        "psycopg.Error": _read_exception,
        "psycopg2.Error": _read_exception,
        "asyncpg.PostgresError": _read_exception,
        "asyncpg.InterfaceError": _read_exception,
        "sqlalchemy.exc.DBAPIError": _read_exception,
    },
)
