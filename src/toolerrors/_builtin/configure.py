"""The Configure SDK as a source: its codes, ``ConfigureError``, rows, reader and writer.

SDK methods reject with `ConfigureError`, whose fields are camelCase as the SDK names
them.  The pydantic model of its wire form is in ``toolerrors.configure``.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, Final

from .._errors import text_of
from .._json import MAX_WAIT, is_wait
from .._kinds import Action, ErrorKind
from .._source import (
    NO_VALUE,
    Claim,
    Field,
    Shape,
    Source,
    canonical_row,
    home,
    only,
    required_str,
    retry_to_write,
    want,
    with_extra,
)
from .._table import KINDS, WRITE, Row, Rows, codes_of, read_row
from .._unified import make

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = [
    "CONFIGURE_LOCAL",
    "CONFIGURE_SDK_MADE",
    "CONFIGURE_TRANSIENT",
    "FIELDS",
    "SOURCE",
    "SUGGESTED",
    "ConfigureError",
    "read_configure",
    "write",
]


rows = Rows("configure")

# fmt: off
ROWS: Final = (
    rows.read("API_KEY_MISSING", ErrorKind.UNAUTHENTICATED, None, "No API key was provided and CONFIGURE_API_KEY was not set."),
    rows.read("AUTH_REQUIRED", ErrorKind.UNAUTHENTICATED, None, "Token is missing, invalid, expired, or rejected by the API.", writes=True, suggested="reauthenticate", hint="Send the user through the hosted sign-in flow (reason: signin)."),
    rows.read("INVALID_INPUT", ErrorKind.INVALID_INPUT, None, "SDK-side or API-side input validation failed.", writes=True, suggested="fix_request"),
    rows.read("INVALID_INPUT", ErrorKind.NOT_FOUND, None, "A structured backend 404 (resource_missing, agent_not_found); branch on statusCode 404.", status=404, when_status=404, writes=True),
    rows.read("TOOL_NOT_CONNECTED", ErrorKind.NOT_CONNECTED, None, "A connector-backed tool requires a user connection that is not available.", writes=True, suggested="connect_tool", hint="Send the user through the hosted reconnect flow (reason: reconnect)."),
    rows.read("NETWORK_ERROR", ErrorKind.UNKNOWN_OUTCOME, None, "Fetch failed before an API response was received (the request may have been sent)."),
    rows.read("RATE_LIMITED", ErrorKind.RATE_LIMITED, None, "The API returned a rate limit response.", writes=True),
    rows.read("NOT_FOUND", ErrorKind.NOT_FOUND, None, "The requested resource was not found (legacy unstructured responses only)."),
    rows.read("SERVER_ERROR", ErrorKind.INTERNAL, None, "The backend returned a 5xx or structured API error.", writes=True),
    rows.read("TIMEOUT", ErrorKind.UNKNOWN_OUTCOME, None, "The request timed out.", writes=True),
    rows.read("ACCESS_DENIED", ErrorKind.PERMISSION_DENIED, None, "The current profile object is not allowed to access the requested resource or tool.", writes=True, suggested="check_permissions"),
    rows.read("TOOL_ERROR", ErrorKind.UPSTREAM_ERROR, None, "A connector or provider operation failed.", writes=True),
    rows.read("PAYMENT_REQUIRED", ErrorKind.PAYMENT_REQUIRED, None, "Billing or quota limits blocked the request.", writes=True, suggested="upgrade_plan"),
    rows.read("COMMIT_REQUIRED", ErrorKind.COMMIT_REQUIRED, None, "A profile read created a write-back obligation.", writes=True, suggested="commit_profile", hint="Call profile.commit() (server-side write-back), then retry the read."),
    *rows.write("INVALID_INPUT", ErrorKind.AMBIGUOUS, ErrorKind.TOO_LARGE, ErrorKind.UNSUPPORTED, suggested="fix_request"),
    *rows.write("INVALID_INPUT", ErrorKind.CONFLICT),
    *rows.write("ACCESS_DENIED", ErrorKind.PAUSED),
    *rows.write("SERVER_ERROR", ErrorKind.UNAVAILABLE, lost="that the service did not answer at all"),
    *rows.write("ACCESS_DENIED", ErrorKind.APPROVAL_REQUIRED, lost="the owner and reason as fields", suggested="complete_approval"),
    *rows.write("ACCESS_DENIED", ErrorKind.REFUSED, lost="the owner and reason as fields; written with retryable false"),
    *rows.write("SERVER_ERROR", ErrorKind.UNKNOWN),
)
# fmt: on

CODES: Final = codes_of(ROWS)
"""``ErrorCode`` as exported by the Configure SDK (13 values)."""


SUGGESTED_ACTIONS: Final[tuple[str, ...]] = (
    "reauthenticate",
    "fix_request",
    "connect_tool",
    "retry",
    "upgrade_plan",
    "specify_agent",
    "use_secret_key",
    "check_permissions",
    "use_hosted_auth",
    "complete_approval",
    "commit_profile",
)
"""Configure's closed, machine-actionable ``suggestedAction`` (11 values)."""


CONFIGURE_LOCAL: Final = frozenset({"TIMEOUT", "NETWORK_ERROR"})
"""Configure errors the SDK creates locally: ``retryable`` is left undefined, not false."""

CONFIGURE_SDK_MADE: Final = CONFIGURE_LOCAL | {"API_KEY_MISSING"}
"""Configure errors the SDK makes before any response: no ``statusCode``, no ``requestId``
and no ``retryable`` (API_KEY_MISSING: "No API key was provided and CONFIGURE_API_KEY was
not set")."""

CONFIGURE_TRANSIENT: Final = frozenset({"RATE_LIMITED", "SERVER_ERROR", "TOOL_ERROR"})
"""Marked ``retryable: true`` by the backend: the plain rate limit, transient tool
failures and 5xx-class errors."""

SUGGESTED: Final[dict[str, Action]] = {
    "reauthenticate": Action.REAUTHENTICATE,
    "fix_request": Action.FIX_INPUT,
    "connect_tool": Action.RECONNECT,
    "retry": Action.RETRY,
    "upgrade_plan": Action.UPGRADE_PLAN,
    "specify_agent": Action.FIX_INPUT,
    "use_secret_key": Action.REAUTHENTICATE,
    "check_permissions": Action.ASK_OWNER,
    "use_hosted_auth": Action.REAUTHENTICATE,
    "complete_approval": Action.ASK_OWNER,
    "commit_profile": Action.COMMIT,
}
"""Configure's ``suggestedAction`` -> the unified `Action` it refines to."""


BODY: Final = Shape(
    "ConfigureError",
    (
        Field("code", (str,), required=True, fills="code",
              closed=frozenset(CODES)),
        Field("message", (str,), required=True, fills="message"),
        Field("statusCode", (int,), fills="status_code",
              samples=(400, 401, 402, 403, 409, 429, 500, 502, 503)),
        Field("type", (str,),
              samples=("rate_limited", "resource_missing", "agent_not_found", "otp_blocked")),
        Field("param", (str,)),
        Field("retryable", (bool,), fills="retryable"),
        Field("suggestedAction", (str,), closed=frozenset(SUGGESTED_ACTIONS)),
        Field("docUrl", (str,),
              samples=("https://docs.configure.dev/errors", "https://docs.configure.dev/auth")),
        Field("retryAfter", (int, float), fills="retry_after", seconds=True),
        Field("requestId", (str,), fills="request_id",
              samples=("req_0123456789abcdef", "req_5f2c9a1b")),
    ),
    model="ConfigureErrorBody",
)  # fmt: skip

FIELDS: Final = tuple(spec.name for spec in BODY.fields if spec.name != "message")
"""The fields ``ConfigureError`` exposes, under the SDK's own names."""

SDK_MADE_WITHOUT: Final = frozenset({"statusCode", "retryable", "requestId"})
"""What an error the SDK makes before any response never has."""


class ConfigureError(Exception):
    """What Configure SDK methods reject with: API, validation, permission, tool, timeout
    and network failures.

    Constructed with the SDK's own names as keywords::

        ConfigureError(
            message="Slow down", code="RATE_LIMITED", statusCode=429, retryAfter=30
        )

    A field that is not set is ``None`` (undefined on the wire): ``retryable`` is ``None``
    on local TIMEOUT and NETWORK_ERROR, which is not ``False``.  There is no ``status`` and
    no ``details``.
    """

    code: str
    statusCode: int | None
    type: str | None
    param: str | None
    retryable: bool | None
    suggestedAction: str | None
    docUrl: str | None
    retryAfter: float | None
    requestId: str | None

    def __init__(
        self,
        message: str = "",
        *,
        code: str,
        statusCode: int | None = None,
        type: str | None = None,
        param: str | None = None,
        retryable: bool | None = None,
        suggestedAction: str | None = None,
        docUrl: str | None = None,
        retryAfter: float | None = None,
        requestId: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.statusCode = statusCode
        self.type = type
        self.param = param
        self.retryable = retryable
        self.suggestedAction = suggestedAction
        self.docUrl = docUrl
        self.retryAfter = retryAfter
        self.requestId = requestId

    def fields(self) -> dict[str, Any]:
        """The fields that are set (undefined ones left out), ``code`` first."""
        return {name: value for name in FIELDS if (value := getattr(self, name)) is not None}

    def to_wire(self) -> dict[str, Any]:
        """This error as JSON-ready wire fields: ``message`` plus the fields that are set."""
        return {**self.fields(), "message": self.message}

    @classmethod
    def from_wire(cls, data: dict[str, Any]) -> ConfigureError:
        """The error a wire dict describes (see ``toolerrors.configure.parse``)."""
        known = {name: data[name] for name in FIELDS if data.get(name) is not None}
        return cls(data.get("message", ""), **known)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (partial(type(self), **self.fields()), (self.message,))

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, ConfigureError)
        return self.to_wire() == other.to_wire()

    def __hash__(self) -> int:
        return hash((type(self), self.message, *self.fields().items()))

    def __repr__(self) -> str:
        args = ", ".join(f"{name}={value!r}" for name, value in self.to_wire().items())
        return f"{type(self).__name__}({args})"


_UNKNOWN: Final = ErrorKind.UNKNOWN
_CODES: Final = frozenset(CODES)
_OPTIONAL: Final = {spec.name: spec for spec in BODY.fields if not spec.required}
"""Configure's optional fields; absent means undefined."""
_TEXT: Final = tuple(
    spec.name for spec in _OPTIONAL.values() if spec.types == (str,) and not spec.carried
)
"""The optional text fields the unified error does not carry: they stay in ``extra``."""
_ALLOWED: Final = BODY.names


def _field(key: str, value: object, strict: bool, where: str) -> None:
    """Raise where an optional Configure field holds what it may not."""
    spec = _OPTIONAL[key]
    if value is None:
        if strict:
            raise want(value, spec.expected, f"{where}/{key}")
    elif type(value) not in spec.types or (spec.seconds and not is_wait(value)):
        raise want(value, spec.expected, f"{where}/{key}")


def read_configure(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """A ``ConfigureError``'s fields, camelCase as the SDK names them."""
    code = d.get("code")
    message = d.get("message")
    if type(code) is not str or type(message) is not str:
        code, message = required_str(d, "code", where), required_str(d, "message", where)
    status = d.get("statusCode")
    retryable = d.get("retryable")
    wait = d.get("retryAfter")
    request = d.get("requestId")
    if (
        (status is not None and type(status) is not int)
        or (retryable is not None and type(retryable) is not bool)
        or (request is not None and type(request) is not str)
        or (  # is_wait, inlined: this check runs on every Configure error read
            wait is not None
            and not ((type(wait) is int or type(wait) is float) and 0 <= wait <= MAX_WAIT)
        )
    ):
        for key in ("statusCode", "retryable", "requestId", "retryAfter"):
            if key in d:  # absent is undefined; only a present value can be wrong
                _field(key, d[key], strict, where)
    unified = (
        2
        + (status is not None)
        + (retryable is not None)
        + (wait is not None)
        + (request is not None)
    )
    extra = None
    if len(d) > unified:
        for key in _TEXT:
            value = d.get(key)
            if value is not None and type(value) is not str:
                raise want(value, "a string", f"{where}/{key}")
        if strict:
            only(d, _ALLOWED, where)
            for key, value in d.items():
                if value is None:
                    _field(key, value, strict, where)
        extra = d
    if strict:
        BODY.check(d, strict, where)  # what strict reading refuses beyond the above
    row = read_row("configure", code, status)
    suggested = d.get("suggestedAction")
    action = SUGGESTED.get(suggested) if type(suggested) is str else None
    kind = row.kind if row is not None else _UNKNOWN
    return make(kind, message, retryable=retryable, retry_after=wait, status_code=status, vendor="configure", code=code, request_id=request, suggested_action=action, extra=extra)  # fmt: skip


_MARKS: Final = frozenset({"statusCode", "retryable", "suggestedAction", "requestId",
                           "retryAfter", "docUrl"})  # fmt: skip
"""The fields only a ``ConfigureError`` has (its ``type`` and ``param`` are common)."""


def _in_its_form(d: Mapping[str, Any]) -> bool:
    """A code written as Configure writes its codes (``I_AM_NEW``: upper case, from a
    letter), or beside a field only a ``ConfigureError`` has; a code that is not text is
    Configure's too, to say what is wrong with it.  A ``{code, message}`` pair of another
    form (a SQLSTATE such as ``42P01``) is nobody's in particular (its words decide)."""
    code = d["code"]
    return (
        type(code) is not str or (code[:1].isalpha() and code.isupper()) or not _MARKS.isdisjoint(d)
    )


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as a ``ConfigureError``'s wire fields."""
    at_home = home(error, "configure")
    row = None if at_home else canonical_row(error, "configure")
    out: dict[str, Any] = {
        "code": error.code if row is None else row.code,
        "message": error.message,
    }
    status = error.status_code if error.status_code is not None or row is None else row.status
    if status is not None:
        out["statusCode"] = status
    retryable = retry_to_write(error, at_home)
    if retryable is not None:
        out["retryable"] = retryable
    if row is not None and row.suggested is not None:
        out["suggestedAction"] = str(row.suggested)
    if error.retry_after is not None:
        out["retryAfter"] = error.retry_after
    if error.request_id is not None:
        out["requestId"] = error.request_id
    return with_extra(out, error) if at_home else out


def example(row: Row, message: str) -> dict[str, Any]:
    """A Configure error as the backend sends it (or, for TIMEOUT, NETWORK_ERROR and
    API_KEY_MISSING, as the SDK makes it)."""
    code = row.code
    out: dict[str, Any] = {"code": code, "message": message}
    if code in CONFIGURE_SDK_MADE:
        return out
    status = KINDS[row.kind].status
    if status is not None:
        out["statusCode"] = status
    out["retryable"] = code in CONFIGURE_TRANSIENT
    written = WRITE[("configure", row.kind)]
    if written.suggested is not None and written.code == code:
        out["suggestedAction"] = str(written.suggested)
    if code == "RATE_LIMITED":
        out["retryAfter"] = 30
    out["requestId"] = "req_0123456789abcdef"
    return out


def _read_exception(exc: BaseException) -> UnifiedError:
    """A ``ConfigureError`` read by its wire fields, or by its code when a field is
    malformed (or when a look-alike class has no ``to_wire``)."""
    to_wire = getattr(exc, "to_wire", None)
    try:
        wire = to_wire() if callable(to_wire) else None
        if type(wire) is dict:
            return read_configure(dict(wire), False, "")
    except Exception:  # a malformed field, or a broken to_wire: the code still says
        pass
    code = getattr(exc, "code", None)
    code = code if isinstance(code, str) else None
    retryable = getattr(exc, "retryable", None)
    row = read_row("configure", code, None) if code is not None else None
    return make(
        row.kind if row is not None else ErrorKind.UNKNOWN,
        text_of(exc),
        retryable=retryable if isinstance(retryable, bool) else None,
        vendor="configure",
        code=code,
    )


SOURCE: Final = Source(
    name="configure",
    title="Configure",
    codes=CODES,
    shapes=(BODY,),
    rows=ROWS,
    claims=(
        Claim(
            560,
            "code",
            read_configure,
            "one of Configure's codes",
            is_a=str,
            one_of=_CODES,
        ),
        Claim(
            900,
            "code",
            read_configure,
            "when asked for an error: a code written as Configure writes its codes"
            " (`I_AM_NEW`), beside a field only a `ConfigureError` has, or not text (to"
            " say what is wrong)",
            when=_in_its_form,
            parsing_only=True,
        ),
        Claim(
            700,
            "deleted",
            "Configure's forget() result ({deleted, message}) is a result, not an error",
            "Configure's `forget()` result: a result, not an error",
        ),
    ),
    write=write,
    models=".configure",
    schemas=("ForgetResult",),
    example=example,
    cases=(
        ("INVALID_INPUT-404", "INVALID_INPUT", {"statusCode": 404, "type": "resource_missing"}),
        (
            "RATE_LIMITED-otp_blocked",
            "RATE_LIMITED",
            {"type": "otp_blocked", "retryable": False, "retryAfter": NO_VALUE},
        ),
    ),
    without=dict.fromkeys(CONFIGURE_SDK_MADE, SDK_MADE_WITHOUT),
    exceptions={"ConfigureError": _read_exception},
    docs="configure.md",
)
