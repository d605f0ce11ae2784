"""The exceptions toolerrors raises about its own input.

Exception tree::

    ToolErrorsError
     └── ShapeError (also ValueError)   the input is not an error of a known shape

``ConfigureError`` (in ``toolerrors.configure``) and ``ToolFailure`` carry a vendor's
error; they are not about toolerrors' input and do not derive from this tree.
"""

from __future__ import annotations

__all__ = ["ShapeError", "ToolErrorsError"]


class ToolErrorsError(Exception):
    """Base of the errors toolerrors raises about its own input."""


class ShapeError(ToolErrorsError, ValueError):
    """The input is not an error in any shape toolerrors knows.

    ``where`` is a JSON-pointer-like path to the offending part (``""`` for the whole input).
    """

    def __init__(self, problem: str, where: str = "") -> None:
        self.problem = problem
        self.where = where
        super().__init__(f"{where or '<input>'}: {problem}")

    def __reduce__(self) -> tuple[type[ShapeError], tuple[str, str]]:
        return (type(self), (self.problem, self.where))

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, ShapeError)
        return (self.problem, self.where) == (other.problem, other.where)

    def __hash__(self) -> int:
        return hash((type(self), self.problem, self.where))
