"""Use a copy of toolerrors vendored under another name, as a tool wrapper does, and
check that every part of the public API works from the copy and returns the copy's own
types, the adapters' exceptions included (their ``Refused`` is read as a refusal, by the
copy and, beside it, by the original).

    python check_copy.py NAME absent   # toolerrors cannot be imported (it is blocked)
    python check_copy.py NAME beside   # toolerrors is importable beside the copy

Run from the folder that holds the copy.  ``tests/test_package.py`` runs both modes;
``.ci/run`` also runs ``absent`` in a virtual environment where toolerrors was never
installed.  Prints one line, ``ok: N checks``, or fails with the first broken check.
"""

from __future__ import annotations

import importlib
import json
import pickle
import sys
import tempfile
from pathlib import Path
from typing import Any

ORIGINAL = "toolerrors"


class _Blocked:
    """A meta path finder that refuses the original package, installed or not."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> None:
        if fullname == ORIGINAL or fullname.startswith(ORIGINAL + "."):
            raise ModuleNotFoundError(f"No module named {fullname!r} (blocked)", name=fullname)


def main(name: str, mode: str) -> int:
    if mode == "absent":
        sys.meta_path.insert(0, _Blocked())
    elif mode != "beside":
        raise SystemExit(f"mode must be 'absent' or 'beside', not {mode!r}")
    sys.path.insert(0, str(Path.cwd()))  # the folder that holds the copy
    t = importlib.import_module(name)
    testing = importlib.import_module(f"{name}.testing")
    cli = importlib.import_module(f"{name}._cli")
    adapters = importlib.import_module(f"{name}.integrations._common")  # no framework needed
    checks = 0

    def own(value: object, what: str) -> None:
        nonlocal checks
        module = type(value).__module__
        assert module == name or module.startswith(name + "."), f"{what} is {module}'s"
        checks += 1

    error = t.parse({"error": "rate_limited", "message": "m"})
    own(error, "parse()")
    for target in t.TARGETS:
        own(t.parse(t.convert(error, to=target), strict=True), f"convert(to={target!r})")
    for vendor in t.VENDORS:
        own(error.to(vendor), f"UnifiedError.to({vendor!r})")
        own(testing.assert_shape(t.convert(error, to=vendor), vendor), f"assert_shape({vendor!r})")
    for case, payload in testing.every_payload():
        testing.assert_error(payload, vendor=case.split("-", 1)[0])
        checks += 1
    own(testing.assert_error(testing.refused(), kind="refused"), "assert_error()")
    failure = error.exception()
    own(failure, "UnifiedError.exception()")
    assert t.from_exception(failure) == error, "from_exception of the copy's ToolFailure"
    checks += 1
    refusal = adapters.Refused(testing.assert_error(testing.refused(), kind="refused"))
    own(pickle.loads(pickle.dumps(refusal)), "the adapters' Refused, unpickled")
    assert t.from_exception(refusal).kind.value == "refused", "the adapters' Refused"
    assert t.retry_on(refusal, idempotent=True) is False, "retry_on of the adapters' Refused"
    wiring = adapters.UnsafeWiring("a retry layer inside")
    own(pickle.loads(pickle.dumps(wiring)), "the adapters' UnsafeWiring, unpickled")
    checks += 2
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "error.json"
        path.write_text(json.dumps(testing.pythe_error("insufficient_credits")), "utf-8")
        assert cli.main(["explain", str(path)]) == 0, "the CLI's explain"
        assert cli.main(["convert", "--to", "configure", str(path)]) == 0, "the CLI's convert"
        assert cli.main(["kinds"]) == 0, "the CLI's kinds"
        checks += 3
    assert ORIGINAL not in sys.modules, "the copy imported the original package by name"
    checks += 1
    if mode == "beside":  # the original is there, and still not what the copy gives
        original = importlib.import_module(ORIGINAL)
        assert t.UnifiedError is not original.UnifiedError
        assert not isinstance(error, original.UnifiedError)
        checks += 2
        theirs = importlib.import_module(f"{ORIGINAL}.integrations._common")
        refusals = [
            (original, refusal, "the copy's Refused, read by the original"),
            (t, theirs.Refused(original.parse(testing.refused())), "the original's, by the copy"),
        ]
        for reader, failure, what in refusals:
            assert reader.from_exception(failure).kind.value == "refused", what
            assert reader.retry_on(failure, idempotent=True) is False, f"retry_on of {what}"
            checks += 2
    print(f"ok: {checks} checks", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(*sys.argv[1:]))
