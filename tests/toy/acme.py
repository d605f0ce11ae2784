"""A toy built-in source, Acme's task API: ``{"error": CODE, "detail": text, "retry"?,
"wait"?}``.  tests/test_sources.py copies the package, drops this one file into its folder
of built-in sources, and finds it read, written, documented and strategised."""

from __future__ import annotations

from typing import Any, Final

from pydantic import BaseModel, ConfigDict, StrictBool, StrictStr

from .._errors import ShapeError
from .._kinds import ErrorKind
from .._source import (
    Claim,
    Field,
    Shape,
    Source,
    canonical_row,
    check,
    home,
    lookup,
    retry_to_write,
    with_extra,
)
from .._table import Row, Rows
from .._unified import UnifiedError, make

CODES: Final = ("JAMMED", "MISSING", "BAD")
SHAPE: Final = Shape(
    "acme error",
    (
        Field("error", (str,), required=True, fills="code", closed=frozenset(CODES)),
        Field("detail", (str,), required=True, fills="message"),
        Field("retry", (bool,), fills="retryable"),
        Field("wait", (int, float), fills="retry_after", seconds=True),
    ),
    model="AcmeError",
)
rows = Rows("acme", writes=True)
READS: Final = (
    rows.read("JAMMED", ErrorKind.UNAVAILABLE, True, "Jammed.", status=503),
    rows.read("MISSING", ErrorKind.NOT_FOUND, False, "No task.", status=404),
    rows.read("BAD", ErrorKind.INVALID_INPUT, False, "Bad input.", status=400),
)
ROWS: Final = (
    *READS,
    *rows.write(
        "BAD",
        *(kind for kind in ErrorKind if kind not in {row.kind for row in READS}),
        lost="what kind of failure it was",
    ),
)


def read_acme(d: Any, strict: bool, where: str) -> UnifiedError:
    check(SHAPE, d, strict, where)
    row = lookup("acme", d["error"], status=None, strict=strict, where=f"{where}/error")
    return make(
        row.kind if row is not None else ErrorKind.UNKNOWN,
        d["detail"],
        retryable=d.get("retry"),
        retry_after=d.get("wait"),
        vendor="acme",
        code=d["error"],
        extra=d if any(key not in SHAPE.names for key in d) else None,
    )


def write(error: UnifiedError) -> dict[str, Any]:
    at_home = home(error, "acme")
    code = error.code if at_home and error.code else canonical_row(error, "acme").code
    out: dict[str, Any] = {"error": code, "detail": error.message}
    retry = retry_to_write(error, at_home)
    if retry is not None:
        out["retry"] = retry
    return with_extra(out, error) if at_home else out


class AcmeError(BaseModel):
    model_config = ConfigDict(extra="allow")
    error: StrictStr
    detail: StrictStr
    retry: StrictBool | None = None
    wait: float | None = None

    def to_wire(self) -> dict[str, Any]:
        return self.model_dump(exclude_unset=True)


def parse(wire: Any, *, strict: bool = False) -> AcmeError:
    model = AcmeError.model_validate(wire)
    if strict and (model.model_extra or model.error not in CODES):
        raise ShapeError("not a documented Acme error")
    return model


def example(row: Row, message: str) -> dict[str, Any]:
    return {"error": row.code, "detail": message}


SOURCE: Final = Source(
    name="acme",
    title="Acme",
    codes=CODES,
    shapes=(SHAPE,),
    rows=ROWS,
    claims=(
        Claim(
            315,
            "error",
            read_acme,
            "Acme's: a `detail`",
            needs=("detail",),
            refuses=("message",),
        ),
    ),
    write=write,
    models="._builtin.acme",
    example=example,
)
