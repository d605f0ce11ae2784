"""Database errors read by `from_exception`, provoked for real: a throwaway PostgreSQL and
Redis on 127.0.0.1, driven through psycopg, psycopg2, asyncpg, SQLAlchemy and redis-py.

Each server starts once per run from its Debian binaries, in a temporary directory, on a
free port; a test skips, saying why, where a server or a client library is missing."""

from __future__ import annotations

import asyncio
import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import threading
from typing import TYPE_CHECKING, Any, Protocol

import pytest

from toolerrors import ErrorKind, from_exception

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

PASSWORD = "owner-secret"
READER_PASSWORD = "reader-secret"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _binary(name: str) -> str | None:
    found = shutil.which(name) or sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found if isinstance(found, str) else (found[-1] if found else None)


class Postgres:
    """A PostgreSQL cluster of its own: the owner ``postgres`` and a ``reader`` role with
    no grants sign in with passwords over TCP."""

    def __init__(self, port: int) -> None:
        self.port = port

    def dsn(self, user: str = "postgres", password: str = PASSWORD) -> str:
        return f"host=127.0.0.1 port={self.port} user={user} password={password} dbname=postgres"

    def url(self, driver: str, user: str = "postgres", password: str = PASSWORD) -> str:
        return f"postgresql+{driver}://{user}:{password}@127.0.0.1:{self.port}/postgres"


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """A throwaway cluster: ``initdb`` in a temporary directory, started on a free port
    (as the ``postgres`` user when run as root, which PostgreSQL refuses to run as)."""
    initdb, pg_ctl = _binary("initdb"), _binary("pg_ctl")
    if initdb is None or pg_ctl is None:
        pytest.skip("PostgreSQL's initdb and pg_ctl are not installed (apt-get install postgresql)")
    psycopg = pytest.importorskip("psycopg")
    home = tempfile.mkdtemp(prefix="toolerrors-pg-")
    run_as: list[str] = []
    if os.geteuid() == 0:
        try:
            user = pwd.getpwnam("postgres")
        except KeyError:
            user = pwd.getpwnam("nobody")
        os.chown(home, user.pw_uid, user.pw_gid)
        run_as = ["runuser", "-u", user.pw_name, "--"]
    password_file = os.path.join(home, "password")
    with open(password_file, "w", encoding="utf-8") as file:
        file.write(PASSWORD)
    if run_as:
        os.chown(password_file, user.pw_uid, user.pw_gid)
    data, port = os.path.join(home, "data"), _free_port()
    quiet: dict[str, Any] = {"stdout": subprocess.DEVNULL, "stderr": subprocess.STDOUT}
    subprocess.run(
        [*run_as, initdb, "-D", data, "-U", "postgres", "--pwfile", password_file,
         "--auth-local=trust", "--auth-host=scram-sha-256", "--no-sync"],
        check=True, **quiet,
    )  # fmt: skip
    options = f"-p {port} -k {home} -c listen_addresses=127.0.0.1 -c fsync=off"
    options += " -c deadlock_timeout=50ms"  # a deadlock is found within 50 ms
    log = os.path.join(home, "log")
    subprocess.run(
        [*run_as, pg_ctl, "-D", data, "-o", options, "-l", log, "-w", "start"], check=True, **quiet
    )
    server = Postgres(port)
    try:
        with psycopg.connect(server.dsn(), autocommit=True) as conn:
            conn.execute("CREATE TABLE items (id int PRIMARY KEY, v int NOT NULL)")
            conn.execute("INSERT INTO items VALUES (1, 0), (2, 0)")
            conn.execute(f"CREATE ROLE reader LOGIN PASSWORD '{READER_PASSWORD}'")
        yield server
    finally:
        subprocess.run(
            [*run_as, pg_ctl, "-D", data, "-m", "immediate", "stop"], check=False, **quiet
        )
        shutil.rmtree(home, ignore_errors=True)


class Session(Protocol):
    """One connection, whatever the driver: statements run one by one, in autocommit
    unless a ``BEGIN`` says otherwise."""

    def execute(self, sql: str) -> None: ...
    def close(self) -> None: ...


class Psycopg:
    def __init__(self, dsn: str) -> None:
        import psycopg

        self.conn = psycopg.connect(dsn, autocommit=True)

    def execute(self, sql: str) -> None:
        self.conn.execute(sql)

    def close(self) -> None:
        self.conn.close()


class Psycopg2:
    def __init__(self, dsn: str) -> None:
        import psycopg2

        self.conn = psycopg2.connect(dsn)
        self.conn.autocommit = True

    def execute(self, sql: str) -> None:
        with self.conn.cursor() as cursor:
            cursor.execute(sql)

    def close(self) -> None:
        self.conn.close()


class Asyncpg:
    """asyncpg's connection on an event loop of its own, so that two sessions can wait
    on each other from two threads."""

    def __init__(self, dsn: str) -> None:
        import asyncpg

        self.loop = asyncio.new_event_loop()
        params = dict(part.split("=", 1) for part in dsn.split())
        try:
            self.conn = self.loop.run_until_complete(
                asyncpg.connect(
                    host=params["host"], port=int(params["port"]), user=params["user"],
                    password=params["password"], database=params["dbname"],
                )
            )  # fmt: skip
        except BaseException:
            self.loop.close()
            raise

    def execute(self, sql: str) -> None:
        self.loop.run_until_complete(self.conn.execute(sql))

    def close(self) -> None:
        self.loop.run_until_complete(self.conn.close())
        self.loop.close()


class SqlAlchemy:
    """SQLAlchemy's engine over psycopg 3, in autocommit."""

    def __init__(self, dsn: str) -> None:
        import sqlalchemy

        params = dict(part.split("=", 1) for part in dsn.split())
        url = (
            f"postgresql+psycopg://{params['user']}:{params['password']}"
            f"@{params['host']}:{params['port']}/{params['dbname']}"
        )
        self.engine = sqlalchemy.create_engine(url, isolation_level="AUTOCOMMIT", poolclass=None)
        try:
            self.conn = self.engine.connect()
        except BaseException:
            self.engine.dispose()
            raise

    def execute(self, sql: str) -> None:
        self.conn.exec_driver_sql(sql)

    def close(self) -> None:
        self.conn.close()
        self.engine.dispose()


DRIVERS: dict[str, tuple[str, type[Session]]] = {
    "psycopg": ("psycopg", Psycopg),
    "psycopg2": ("psycopg2", Psycopg2),
    "asyncpg": ("asyncpg", Asyncpg),
    "sqlalchemy": ("sqlalchemy", SqlAlchemy),
}
"""Each driver: the module it needs, and its session."""


@pytest.fixture(params=list(DRIVERS))
def connect(request: pytest.FixtureRequest, postgres: Postgres) -> Iterator[Callable[..., Session]]:
    """Opens sessions of one driver, closing every one it opened."""
    module, session = DRIVERS[request.param]
    pytest.importorskip(module)
    if request.param == "sqlalchemy":
        pytest.importorskip("psycopg")
    opened: list[Session] = []

    def open_session(user: str = "postgres", password: str = PASSWORD) -> Session:
        opened.append(session(postgres.dsn(user, password)))
        return opened[-1]

    yield open_session
    for each in opened:
        with contextlib.suppress(Exception):  # a session a failed test left broken
            each.close()


def _raised(run: Callable[[], object]) -> BaseException:
    try:
        run()
    except Exception as exc:
        return exc
    raise AssertionError("nothing was raised")


def _read(exc: BaseException) -> tuple[ErrorKind, bool | None, str | None, str | None]:
    error = from_exception(exc)
    return error.kind, error.retryable, error.code, error.vendor


@pytest.mark.parametrize(
    ("statement", "reads"),
    [
        ("INSERT INTO items VALUES (1, 0)", (ErrorKind.CONFLICT, False, "23505", "sqlstate")),
        ("SELEC 1", (ErrorKind.INVALID_INPUT, False, "42601", "sqlstate")),
        ("SELECT * FROM nowhere", (ErrorKind.NOT_FOUND, False, "42P01", "sqlstate")),
        ("SELECT nothing FROM items", (ErrorKind.INVALID_INPUT, False, "42703", "sqlstate")),
        ("INSERT INTO items VALUES (3, NULL)", (ErrorKind.INVALID_INPUT, False, "23502", "sqlstate")),
        ("SELECT 1 / 0", (ErrorKind.INVALID_INPUT, False, "22012", "sqlstate")),
    ],
    ids=["unique-violation", "syntax-error", "undefined-table", "undefined-column",
         "not-null-violation", "division-by-zero"],
)  # fmt: skip
def test_a_statement_s_error_reads_by_its_sqlstate(
    connect: Callable[..., Session], statement: str, reads: tuple[Any, ...]
) -> None:
    """The SQLSTATE the server sent decides, through every driver and SQLAlchemy."""
    session = connect()
    exc = _raised(lambda: session.execute(statement))
    assert _read(exc) == reads


def test_sqlalchemy_s_text_never_reaches_the_message(postgres: Postgres) -> None:
    """SQLAlchemy's text holds the statement and its parameters: the message is the
    server's own, and the detail stays in the fields."""
    sqlalchemy = pytest.importorskip("sqlalchemy")
    pytest.importorskip("psycopg")
    engine = sqlalchemy.create_engine(postgres.url("psycopg"))
    try:
        with engine.begin() as conn:
            statement = sqlalchemy.text("INSERT INTO items VALUES (:id, :v)")
            exc = _raised(lambda: conn.execute(statement, {"id": 1, "v": 424242}))
    finally:
        engine.dispose()
    assert "424242" in str(exc)
    error = from_exception(exc)
    assert (error.kind, error.code) == (ErrorKind.CONFLICT, "23505")
    assert error.message == 'duplicate key value violates unique constraint "items_pkey"'
    assert error.extra is not None
    assert (error.extra["detail"], error.extra["constraint_name"]) == (
        "Key (id)=(1) already exists.",
        "items_pkey",
    )


def test_a_role_without_grants_is_denied(connect: Callable[..., Session]) -> None:
    """``42501``: the reader was granted nothing on the table."""
    session = connect("reader", READER_PASSWORD)
    exc = _raised(lambda: session.execute("SELECT * FROM items"))
    assert _read(exc) == (ErrorKind.PERMISSION_DENIED, False, "42501", "sqlstate")


def test_a_statement_timeout_is_cancelled_not_retried(connect: Callable[..., Session]) -> None:
    """``57014``: the statement was rolled back; whether another attempt finishes in
    time is not known."""
    session = connect()
    session.execute("SET statement_timeout = 50")
    exc = _raised(lambda: session.execute("SELECT pg_sleep(30)"))
    assert _read(exc) == (ErrorKind.UNAVAILABLE, None, "57014", "sqlstate")


def test_a_serialization_failure_is_a_conflict_to_run_again(
    connect: Callable[..., Session],
) -> None:
    """``40001``: a serializable transaction that read a row another then changed is
    rolled back, and safe to run again."""
    first, second = connect(), connect()
    first.execute("BEGIN ISOLATION LEVEL SERIALIZABLE")
    first.execute("SELECT v FROM items WHERE id = 1")
    second.execute("UPDATE items SET v = v + 1 WHERE id = 1")
    exc = _raised(lambda: first.execute("UPDATE items SET v = v + 1 WHERE id = 1"))
    first.execute("ROLLBACK")
    assert _read(exc) == (ErrorKind.CONFLICT, True, "40001", "sqlstate")


def test_a_deadlock_is_a_conflict_to_run_again(connect: Callable[..., Session]) -> None:
    """``40P01``: of two transactions that wait on each other, PostgreSQL rolls one back."""
    first, second = connect(), connect()
    for session, row in ((first, 1), (second, 2)):
        session.execute("BEGIN")
        session.execute(f"UPDATE items SET v = v WHERE id = {row}")
    raised: list[BaseException] = []

    def lock(session: Session, row: int) -> None:
        try:
            session.execute(f"UPDATE items SET v = v WHERE id = {row}")
        except Exception as exc:
            raised.append(exc)
            session.execute("ROLLBACK")  # lets the other go on

    waiting = threading.Thread(target=lock, args=(first, 2))
    waiting.start()
    lock(second, 1)
    waiting.join()
    for session in (first, second):
        session.execute("ROLLBACK")
    assert [_read(exc) for exc in raised] == [(ErrorKind.CONFLICT, True, "40P01", "sqlstate")]


def _driver(request: pytest.FixtureRequest) -> str:
    """The driver a test runs with, from the ``connect`` fixture's parameter."""
    driver: str = request.node.callspec.params["connect"]
    return driver


def test_a_wrong_password_is_unauthenticated(
    request: pytest.FixtureRequest, connect: Callable[..., Session]
) -> None:
    """``28P01``; libpq's drivers keep no SQLSTATE for a connection the server refused,
    whose words then say it: never an unavailable server to try again."""
    exc = _raised(lambda: connect("reader", "wrong"))
    code = "28P01" if _driver(request) == "asyncpg" else None
    assert _read(exc) == (ErrorKind.UNAUTHENTICATED, False, code, "sqlstate")


@pytest.mark.parametrize("driver", list(DRIVERS))
def test_a_refused_connection_was_not_sent(driver: str) -> None:
    """Nothing listens: nothing was sent, so another attempt is safe."""
    module, session = DRIVERS[driver]
    pytest.importorskip(module)
    port = _free_port()  # bound and closed again: nothing listens
    dsn = f"host=127.0.0.1 port={port} user=postgres password=x dbname=postgres"
    exc = _raised(lambda: session(dsn))
    kind, retryable, _, _ = _read(exc)
    assert (kind, retryable) == (ErrorKind.UNAVAILABLE, True)


ENDED: dict[str, tuple[ErrorKind, bool | None, str | None, str]] = {
    "psycopg": (ErrorKind.UNAVAILABLE, True, "57P01", "sqlstate"),
    "psycopg2": (ErrorKind.UNKNOWN_OUTCOME, None, None, "sqlstate"),
    "asyncpg": (ErrorKind.UNKNOWN_OUTCOME, None, "08003", "sqlstate"),
    "sqlalchemy": (ErrorKind.UNAVAILABLE, True, "57P01", "sqlstate"),
}
"""What each driver makes of a session the server ended: psycopg keeps the server's last
words, ``57P01`` admin_shutdown; psycopg2 sees the connection closed, and asyncpg calls
it ``08003``, closed in the middle of the operation: either may have run."""


def test_a_session_the_server_ended_reads_as_the_driver_saw_it(
    request: pytest.FixtureRequest, connect: Callable[..., Session]
) -> None:
    """``pg_terminate_backend`` ends an idle session: unavailable where the driver read
    the server's ``57P01``, an unknown outcome where it saw only a lost connection."""
    victim, admin = connect(), connect()
    victim.execute("SET application_name = 'victim'")
    admin.execute(
        "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity"
        " WHERE application_name = 'victim'"
    )
    exc = _raised(lambda: victim.execute("SELECT 1"))
    assert _read(exc) == ENDED[_driver(request)]


class Redis:
    """A Redis server of its own, with a password, and a ``limited`` user who may only
    read; ``replica`` follows it, and answers writes with ``READONLY``."""

    def __init__(self, port: int, replica: int) -> None:
        self.port, self.replica = port, replica

    def client(self, **options: Any) -> Any:
        options.setdefault("password", PASSWORD)
        return _redis_client(options.pop("port", self.port), **options)


def _redis_client(port: int, **options: Any) -> Any:
    """A client that tries once: redis-py's own retries would only make the tests slow."""
    import redis
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    return redis.Redis(host="127.0.0.1", port=port, retry=Retry(NoBackoff(), 0), **options)


def _start_redis(binary: str, home: str, port: int, *options: str) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly",
         "no", "--dir", home, "--requirepass", PASSWORD, *options],
        stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
    )  # fmt: skip
    for _ in range(500):  # up to 5 s for it to listen
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return server
        threading.Event().wait(0.01)
    server.kill()
    pytest.skip(f"redis-server did not listen on 127.0.0.1:{port}")


@pytest.fixture(scope="session")
def redis_server() -> Iterator[Redis]:
    """A throwaway Redis and its replica on free ports, with no persistence."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed (apt-get install redis-server)")
    pytest.importorskip("redis")
    home = tempfile.mkdtemp(prefix="toolerrors-redis-")
    port, replica_port = _free_port(), _free_port()
    servers = [
        _start_redis(binary, home, port, "--busy-reply-threshold", "10", "--shutdown-timeout", "0")
    ]
    try:
        servers.append(
            _start_redis(binary, home, replica_port, "--replicaof", "127.0.0.1", str(port),
                         "--masterauth", PASSWORD, "--dbfilename", "replica.rdb")
        )  # fmt: skip
        server = Redis(port, replica_port)
        server.client().acl_setuser(
            "limited", enabled=True, passwords=[f"+{READER_PASSWORD}"], keys=["*"],
            commands=["+get", "+ping"],
        )  # fmt: skip
        yield server
    finally:
        for each in servers:
            each.terminate()
            each.wait(10)
        shutil.rmtree(home, ignore_errors=True)


def test_redis_wrongtype_is_bad_input(redis_server: Redis) -> None:
    """``WRONGTYPE``: a list command on a string; redis-py raises a bare ``ResponseError``
    whose text keeps the prefix."""
    client = redis_server.client()
    client.set("greeting", "hello")
    exc = _raised(lambda: client.lpush("greeting", "x"))
    assert str(exc).startswith("WRONGTYPE ")
    assert _read(exc) == (
        ErrorKind.INVALID_INPUT,
        False,
        "redis.exceptions.ResponseError",
        "python",
    )


def test_redis_watch_error_is_a_conflict_to_run_again(redis_server: Redis) -> None:
    """A watched key changed before ``EXEC``: the transaction ran nothing, and is safe to
    run again."""
    client, other = redis_server.client(), redis_server.client()
    client.set("balance", 10)
    pipe = client.pipeline()
    pipe.watch("balance")
    other.set("balance", 20)
    pipe.multi()
    pipe.set("balance", 11)
    exc = _raised(pipe.execute)
    assert _read(exc) == (ErrorKind.CONFLICT, True, "redis.exceptions.WatchError", "python")


@pytest.mark.parametrize(
    ("options", "reads"),
    [
        ({"password": None}, (ErrorKind.UNAUTHENTICATED, False, "redis.exceptions.AuthenticationError")),
        ({"password": "wrong"}, (ErrorKind.UNAUTHENTICATED, False, "redis.exceptions.AuthenticationError")),
        ({"username": "limited", "password": READER_PASSWORD},
         (ErrorKind.PERMISSION_DENIED, False, "redis.exceptions.NoPermissionError")),
    ],
    ids=["noauth", "wrongpass", "noperm"],
)  # fmt: skip
def test_redis_sign_in_and_permissions(
    redis_server: Redis, options: dict[str, Any], reads: tuple[Any, ...]
) -> None:
    """``NOAUTH`` and ``WRONGPASS`` are a sign-in to fix, ``NOPERM`` an ACL that does
    not allow the command."""
    client = redis_server.client(**options)
    exc = _raised(lambda: client.set("key", "value"))
    assert _read(exc) == (*reads, "python")


def test_redis_readonly_replica_ran_nothing(redis_server: Redis) -> None:
    """``READONLY``: a replica refuses the write; nothing was done."""
    client = redis_server.client(port=redis_server.replica)
    exc = _raised(lambda: client.set("key", "value"))
    assert _read(exc) == (ErrorKind.UNAVAILABLE, True, "redis.exceptions.ReadOnlyError", "python")


def test_redis_over_maxmemory_is_unavailable_for_a_while_not_known(redis_server: Redis) -> None:
    """``OOM``: nothing was written; whether memory frees up is not known."""
    client = redis_server.client()
    client.config_set("maxmemory", 1)
    try:
        exc = _raised(lambda: client.set("key", "value"))
    finally:
        client.config_set("maxmemory", 0)
    assert _read(exc) == (
        ErrorKind.UNAVAILABLE,
        None,
        "redis.exceptions.OutOfMemoryError",
        "python",
    )


def test_redis_busy_with_a_script_ran_nothing(redis_server: Redis) -> None:
    """``BUSY``: a script that runs on keeps every other command out; the command was not
    run, and ``SCRIPT KILL`` ends the script."""
    runner, client = redis_server.client(), redis_server.client()
    ended: list[BaseException] = []

    def spin() -> None:
        try:
            runner.eval("while true do end", 0)
        except Exception as exc:
            ended.append(exc)  # killed

    spinning = threading.Thread(target=spin)
    spinning.start()
    exc: BaseException | None = None
    for _ in range(500):
        try:
            client.get("key")
        except Exception as raised:
            exc = raised
            break
        threading.Event().wait(0.01)
    client.script_kill()
    spinning.join()
    assert exc is not None
    assert str(exc).startswith("BUSY ")
    assert _read(exc) == (ErrorKind.UNAVAILABLE, True, "redis.exceptions.ResponseError", "python")


def test_redis_timeout_after_sending_may_have_run(redis_server: Redis) -> None:
    """A reply that did not come in time: the command was sent, and may have run."""
    client = redis_server.client(socket_timeout=0.05)
    exc = _raised(lambda: client.blpop(["nothing"], timeout=5))
    assert _read(exc) == (
        ErrorKind.UNKNOWN_OUTCOME,
        None,
        "redis.exceptions.TimeoutError",
        "python",
    )


def test_redis_refused_connection_was_not_sent() -> None:
    """Nothing listens: redis-py's ``ConnectionError`` says no more than its cause, a
    refused connection, which nothing was sent on."""
    pytest.importorskip("redis")
    client = _redis_client(_free_port())
    exc = _raised(client.ping)
    assert type(exc).__qualname__ == "ConnectionError"
    assert _read(exc) == (ErrorKind.UNAVAILABLE, True, "builtins.ConnectionRefusedError", "python")
