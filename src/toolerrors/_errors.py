"""The exceptions toolerrors raises about its own input.

Exception tree::

    ToolErrorsError
     └── ShapeError (also ValueError)   the input is not an error of a known shape
          └── NestedTooDeep             payloads nested past ``MAX_DEPTH``: not read

``ConfigureError`` (in ``toolerrors.configure``) and ``ToolFailure`` carry a vendor's
error; they are not about toolerrors' input and do not derive from this tree.  Every one
of them pickles, copies and compares equal by value.
"""

from __future__ import annotations

__all__ = [
    "ComparedByArgs",
    "NestedTooDeep",
    "ShapeError",
    "ToolErrorsError",
    "derives_from",
    "text_of",
]


def text_of(exc: BaseException) -> str:
    """``str(exc)``, or its class name when that is empty or fails."""
    try:
        text = str(exc)
    except Exception:
        text = ""
    return text if isinstance(text, str) and text else type(exc).__name__


def derives_from(value: object, *names: str) -> bool:
    """Whether ``value``'s class, or any class it derives from, has one of ``names``.

    How a class is recognised that cannot be imported to test with ``isinstance``: one
    of another copy of this package (vendored under another name, with its own
    ``ToolFailure``) or of an optional library.  A subclass (an adapter's ``Refused``,
    a user's own retry middleware) is recognised as its base is.
    """
    return any(cls.__name__ in names for cls in type(value).__mro__)


class ComparedByArgs(BaseException):
    """An exception equal to another of its type with the same arguments; mixed in
    before the standard exception it is (``ComparedByArgs, ValueError``)."""

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, BaseException)
        return self.args == other.args

    def __hash__(self) -> int:
        return hash((type(self), self.args))


class ToolErrorsError(ComparedByArgs, Exception):
    """Base of the errors toolerrors raises about its own input."""


class ShapeError(ToolErrorsError, ValueError):
    """The input is not an error in any shape toolerrors knows.

    ``where`` is a JSON-pointer-like path to the offending part (``""`` for the whole input).
    """

    def __init__(self, problem: str, where: str = "") -> None:
        super().__init__(f"{where or '<input>'}: {problem}")
        self.problem = problem
        self.where = where

    def __reduce__(self) -> tuple[type[ShapeError], tuple[str, str]]:
        return (type(self), (self.problem, self.where))


class NestedTooDeep(ShapeError):
    """Payloads nested inside one another past the limit a reader follows
    (``toolerrors.MAX_DEPTH``): unread, like a text over the size limit, so lenient
    reading passes it over (`error_of` gives ``None``) rather than guessing at its top."""
