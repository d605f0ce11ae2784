"""PostgreSQL's errors by SQLSTATE: the code, else its class, decides; the drivers'
exceptions, recorded from real runs, read offline."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from conftest import corpus_case
from toolerrors import ErrorKind, ShapeError, convert, error_of, from_exception, parse
from toolerrors._builtin import postgrest as postgrest_source
from toolerrors._builtin import sqlstate as sqlstate_source
from toolerrors.sqlstate import ErrorCode, ErrorFields
from toolerrors.sqlstate import parse as parse_model

ASYNCPG = [
    ("asyncpg-unique-violation", "23505", ErrorKind.CONFLICT, False),
    ("asyncpg-serialization-failure", "40001", ErrorKind.CONFLICT, True),
    ("asyncpg-deadlock-detected", "40P01", ErrorKind.CONFLICT, True),
    ("asyncpg-syntax-error", "42601", ErrorKind.INVALID_INPUT, False),
    ("asyncpg-undefined-table", "42P01", ErrorKind.NOT_FOUND, False),
    ("asyncpg-undefined-column", "42703", ErrorKind.INVALID_INPUT, False),
    ("asyncpg-insufficient-privilege", "42501", ErrorKind.PERMISSION_DENIED, False),
    ("asyncpg-query-canceled", "57014", ErrorKind.UNAVAILABLE, None),
    ("asyncpg-invalid-password", "28P01", ErrorKind.UNAUTHENTICATED, False),
]


def _exception(name: str, bases: tuple[type, ...] = (Exception,), **attrs: Any) -> type:
    """A stand-in for a driver's exception class, under the driver's own module name."""
    module, _, cls = name.rpartition(".")
    return type(cls, bases, {"__module__": module, **attrs})


def _driver(record: dict[str, Any]) -> BaseException:
    """The recorded exception again: its class under its own name, above the base the
    driver gives it, with the attributes it had."""
    module = record["class"].partition(".")[0]
    base = _exception(f"{module}.Error")
    exc: BaseException = _exception(record["class"], (base,))(record["str"])
    for name in ("sqlstate", "pgcode", "pgerror"):
        if name in record:
            setattr(exc, name, record[name])
    if "diag" in record:
        exc.diag = SimpleNamespace(**record["diag"])  # type: ignore[attr-defined]
    return exc


@pytest.mark.parametrize(
    ("name", "code", "kind", "retryable"), ASYNCPG, ids=[c[0] for c in ASYNCPG]
)
def test_the_code_decides_and_the_fields_go_back_as_they_came(
    name: str, code: str, kind: ErrorKind, retryable: bool | None
) -> None:
    """asyncpg's ``as_dict()`` reads by its SQLSTATE and is written back unchanged."""
    body = corpus_case("sqlstate", name)["body"]
    error = parse(body)
    assert (error.vendor, error.code, error.kind, error.retryable) == (
        "sqlstate",
        code,
        kind,
        retryable,
    )
    assert error.message == body["message"]
    assert convert(error, "sqlstate") == body


@pytest.mark.parametrize(
    ("name", "code", "kind", "retryable"), ASYNCPG, ids=[c[0] for c in ASYNCPG]
)
def test_asyncpg_s_exception_reads_by_its_fields(
    name: str, code: str, kind: ErrorKind, retryable: bool | None
) -> None:
    """An asyncpg ``PostgresError`` subclass, by what ``as_dict()`` gives."""
    body = corpus_case("sqlstate", name)["body"]
    base = _exception("asyncpg.exceptions._base.PostgresError")
    cls = _exception("asyncpg.exceptions.SomeError", (base,), as_dict=lambda self: dict(body))
    error = from_exception(cls(body["message"]))
    assert (error.code, error.kind, error.retryable) == (code, kind, retryable)
    assert error.extra == body


@pytest.mark.parametrize(
    "name",
    ["psycopg-unique-violation", "psycopg2-unique-violation", "sqlalchemy-psycopg-admin-shutdown"],
)
def test_a_driver_s_exception_reads_as_its_fields(name: str) -> None:
    """psycopg's ``diag``, psycopg2's, and SQLAlchemy's ``orig`` around the driver's give
    the same fields as asyncpg's; the message is the server's, never SQLAlchemy's text
    with the statement in it."""
    case = corpus_case("sqlstate", name)
    record = case["exception"]
    exc = _driver(record.get("orig", record))
    if "orig" in record:
        wrapper = _exception(record["class"], (_exception("sqlalchemy.exc.DBAPIError"),))(
            record["str"]
        )
        wrapper.orig = exc
        exc = wrapper
    error = from_exception(exc)
    expect = case["expect"]
    assert (error.kind.value, error.retryable, error.vendor) == (
        expect["kind"],
        expect["retryable"],
        "sqlstate",
    )
    assert (error.code, error.message, error.extra) == (
        case["body"]["sqlstate"],
        case["body"]["message"],
        case["body"],
    )


_REFUSED = (
    'connection failed: connection to server at "127.0.0.1", port 1 failed: Connection'
    " refused\n\tIs the server running on that host and accepting TCP/IP connections?"
)
_WRONG_PASSWORD = (
    'connection to server at "127.0.0.1", port 37291 failed: FATAL:  password'
    ' authentication failed for user "reader"\n'
)
_LOST = (
    "server closed the connection unexpectedly\n\tThis probably means the server"
    " terminated abnormally\n\tbefore or while processing the request.\n"
)


@pytest.mark.parametrize(
    ("cls", "text", "reads"),
    [
        ("psycopg.OperationalError", _REFUSED, (ErrorKind.UNAVAILABLE, True)),
        ("psycopg2.OperationalError", _WRONG_PASSWORD, (ErrorKind.UNAUTHENTICATED, False)),
        (
            "psycopg2.OperationalError",
            _WRONG_PASSWORD.replace("password authentication failed", "sorry, too many clients"),
            (ErrorKind.UNAVAILABLE, True),
        ),
        ("psycopg2.OperationalError", _LOST, (ErrorKind.UNKNOWN_OUTCOME, None)),
        ("psycopg.OperationalError", "consuming input failed: EOF", (ErrorKind.UNKNOWN_OUTCOME, None)),
    ],
    ids=["refused", "wrong-password", "refused-by-the-server", "lost", "lost-psycopg"],
)  # fmt: skip
def test_a_connection_that_failed_without_a_sqlstate(
    cls: str, text: str, reads: tuple[ErrorKind, bool | None]
) -> None:
    """libpq's drivers give no SQLSTATE to a failed connection (texts recorded from
    psycopg 3.3.9 and psycopg2 2.9.13): a server never reached is safe to try again, as
    is one full of clients (53300 too_many_connections, as the table reads it: no
    statement ran), one that refused a password is not, and a connection lost after it
    was made may have run its statement."""
    exc = _driver({"class": cls, "str": text, "pgcode": None, "sqlstate": None})
    error = from_exception(exc)
    assert (error.kind, error.retryable, error.code) == (*reads, None)


def test_a_code_not_in_the_table_reads_by_its_class_else_its_words() -> None:
    """The class's generic code decides (``08`` may have run, ``23`` is bad input); a
    class the table does not hold, the words."""
    assert (
        parse({"sqlstate": "08P99", "message": "x"}).kind,
        parse({"sqlstate": "08P99", "message": "x"}).retryable,
    ) == (ErrorKind.UNKNOWN_OUTCOME, None)
    assert parse({"sqlstate": "23P99", "message": "x"}).kind is ErrorKind.INVALID_INPUT
    assert parse({"sqlstate": "HV000", "message": "x"}).kind is ErrorKind.UNKNOWN
    assert parse({"sqlstate": "HV000", "message": "table not found"}).kind is ErrorKind.NOT_FOUND


def test_a_failure_on_commit_is_an_unknown_outcome() -> None:
    """A lost connection (``08006``) or an unresolved transaction (``08007``) may have
    committed: never retried."""
    for code in ("08006", "08003", "08007", "40003"):
        error = parse({"sqlstate": code, "message": "connection failure"})
        assert (error.kind, error.retryable) == (ErrorKind.UNKNOWN_OUTCOME, None)


def test_only_a_sqlstate_is_claimed() -> None:
    """A ``sqlstate`` that is no five-character code is not PostgreSQL's."""
    assert error_of({"sqlstate": "oops", "message": "m"}) is None
    assert error_of({"sqlstate": "23505", "message": "m"}) is not None


def test_elsewhere_an_error_is_the_code_of_its_kind() -> None:
    """Another source's error becomes the code of its kind."""
    missing = parse({"ok": False, "error": "channel_not_found"})
    assert convert(missing, "sqlstate") == {"sqlstate": "42P01", "message": missing.message}


def test_the_model() -> None:
    """Strict reading holds the error to PostgreSQL's fields, and names a stray one."""
    body = corpus_case("sqlstate", "asyncpg-deadlock-detected")["body"]
    model = parse_model(body, strict=True)
    assert isinstance(model, ErrorFields)
    assert model.sqlstate is ErrorCode.DEADLOCK_DETECTED
    assert model.to_wire() == body
    with pytest.raises(ShapeError, match="query"):
        parse({"sqlstate": "40P01", "message": "m", "query": "SELECT 1"}, strict=True)
    assert parse({"sqlstate": "40P01", "message": "m", "query": "SELECT 1"}).code == "40P01"


def test_postgrest_reads_the_sqlstates_it_names_as_the_table_does() -> None:
    """Every SQLSTATE row of PostgREST's says what the SQLSTATE table says of it."""
    for row in postgrest_source.ROWS:
        if row.reads and not row.code.startswith("PGRST"):
            assert sqlstate_source.kind_of(row.code) == (row.kind, row.retryable), row.code


def test_postgrest_reads_a_sqlstate_it_does_not_name_by_the_table() -> None:
    """A deadlock forwarded by PostgREST is a conflict to run again, as PostgreSQL says."""
    body = {"code": "40P01", "details": None, "hint": None, "message": "deadlock detected"}
    error = parse(body)
    assert (error.vendor, error.kind, error.retryable) == ("postgrest", ErrorKind.CONFLICT, True)


@pytest.mark.parametrize(
    ("text", "code", "kind", "retryable"),
    [
        # Go's pgx ends its message with the code
        # (github.com/tgdrive/teldrive/issues/212)
        ('ERROR: duplicate key value violates unique constraint "uploads_pkey" (SQLSTATE'
         " 23505)", "23505", ErrorKind.CONFLICT, False),
        # PHP's PDO opens with it, PostgreSQL's (github.com/linuxserver/Heimdall/issues/429)
        # and MySQL's deadlock (github.com/monicahq/monica/issues/2910)
        ('SQLSTATE[23505]: Unique violation: 7 ERROR: duplicate key value violates unique'
         ' constraint "users_pkey" DETAIL: Key (id)=(1) already exists.', "23505",
         ErrorKind.CONFLICT, False),
        ("SQLSTATE[40001]: Serialization failure: 1213 Deadlock found when trying to get"
         " lock; try restarting transaction (SQL: delete from `cache` where `key` = x)",
         "40001", ErrorKind.CONFLICT, True),
        # Go's go-pg after the severity, from CockroachDB
        # (github.com/cockroachdb/cockroach/issues/55032)
        ("ERROR #40001 restart transaction: TransactionRetryWithProtoRefreshError:"
         " TransactionRetryError: retry txn (RETRY_SERIALIZABLE - failed preemptive"
         ' refresh): "sql txn"', "40001", ErrorKind.CONFLICT, True),
        # a class the table does not hold: the words
        ("SQLSTATE[HY000] [2002] Connection refused", "HY000", ErrorKind.UNAVAILABLE, True),
        # psql's verbose report, from YugabyteDB's ysqlsh (docs.yugabyte.com, the
        # transaction error codes' page): a read-only transaction's state
        ("ERROR:  25006: cannot execute UPDATE in a read-only transaction", "25006",
         ErrorKind.INVALID_INPUT, False),
    ],
)  # fmt: skip
def test_a_sqlstate_in_a_driver_s_text_is_read_wherever_it_stands(
    text: str, code: str, kind: ErrorKind, retryable: bool | None
) -> None:
    """pgx's "(SQLSTATE x)", PDO's "SQLSTATE[x]", go-pg's "ERROR #x" and psql's verbose
    "ERROR:  x:" mark a text as a database's error, in a log line as alone."""
    for where in (text, f"2024/04/30 13:26:01 upload failed: {text}"):
        error = error_of(where)
        assert error is not None
        assert (error.vendor, error.code, error.kind, error.retryable) == (
            "sqlstate",
            code,
            kind,
            retryable,
        )
    assert error_of("SQLSTATE codes are five characters long") is None
    assert error_of("Note:  12345: fine") is None
    aborted = error_of("ERROR:  ABORT: x")  # an error, but no SQLSTATE's
    assert aborted is not None
    assert aborted.vendor is None


def test_tokio_postgres_debug_form_is_read_by_its_sqlstate() -> None:
    """Rust's tokio-postgres prints its error in its ``Debug`` form, the SQLSTATE as
    ``SqlState(E57P05)`` (GreptimeTeam/greptimedb#6267): read by that code, as a driver's
    text with a SQLSTATE is."""
    text = (
        'Error { kind: Db, cause: Some(DbError { code: SqlState(E57P05), message: "terminating'
        ' connection due to idle-session timeout", ... }) }'
    )
    error = error_of(text)
    assert error is not None
    assert (error.vendor, error.code, error.kind, error.retryable) == (
        "sqlstate", "57P05", ErrorKind.UNAVAILABLE, True,
    )  # fmt: skip
