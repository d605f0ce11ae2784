"""Conventions many APIs share, as claims: which bodies `toolerrors._conventions` reads.

No system is named here: an error read by these claims keeps ``vendor`` unset, as the
lenient reader's do, and its code verbatim.  Each convention is one claim, said as data:

- the Node "Boom" body (hapi, NestJS, Auth0 and countless Node APIs):
  ``{"statusCode": 404, "error": "Not Found", "message": ...}``, whose ``message`` is a
  list of texts under NestJS's class-validator, and its cousin with ``status`` for
  ``statusCode`` (Twitch);
- an ``{"error": {...}}`` object that carries no mark of a known source (PagerDuty's
  ``{"error": {"message", "code", "errors": [...]}}``), which no claim takes and
  `near_miss` hands to this reader, and an ``error`` or ``errors``
  list of texts or of objects with a message (Kraken's
  ``{"error": ["EAPI:Rate limit exceeded"]}``, Weaviate's ``{"error": [{"message"}]}``, Vault's
  ``{"errors": ["permission denied"]}``), an ``errors`` text (Shopify's REST Admin API's
  ``{"errors": "Exceeded 4 calls per second for api client. ..."}``), and an ``errors``
  list of objects with a text
  ``code`` and a ``detail`` or ``message`` (Square's);
- ``{"errorCode", "message"}`` whose code no source lists (DocuSign's
  ``USER_AUTHENTICATION_FAILED``; a source that lists its codes names only those);
- ``{"code", "msg"}`` (Binance and many exchanges) whose code marks an error, and
  ``{"code", "message"}`` whose code is an HTTP error status (a text code with a message
  is read by its words only when an error is asked for: as a tool's result, such a pair
  may be a success), and a numeric code other than 0 with a message whose words say an
  error (Alpaca's, Poloniex's);
- Django REST framework's standardized ``{"type": "..._error", "code", "detail"}``
  (PostHog), and its kin with a ``message`` (Cashfree's), Travis CI's ``{"@type":
  "error", "error_type", "error_message"}``, and an ``errors`` list of objects with a
  ``reason`` (Linode's);
- a mutation's own errors in its payload, ``{"data": {"checkoutCreate":
  {"userErrors": [{"field", "message", "code"}]}}}`` (Shopify, Saleor), read by the
  first;
- ``{"status_code", "status_message"}`` whose status is an HTTP error status, in digits or
  not (Midtrans's ``"401"``), or whose code stands beside ``success: false`` (TMDB's);
- Flickr's ``{"stat": "fail", "code", "message"}``, WeChat's ``{"errcode": 40001,
  "errmsg"}`` (an ``errcode`` of 0 is a success), Bybit's ``{"ret_code", "ret_msg"}``,
  Huobi's ``{"status": "error", "err-code", "err-msg"}``, and the OCS API's ``{"ocs": {"meta":
  {"status": "failure", "message"}}}`` (Nextcloud, ownCloud);
- an ``Error`` object with a ``Code`` and a ``Message``, at the top or in a ``Response``
  (Tencent Cloud's ``{"Response": {"Error": {"Code", "Message"}, "RequestId"}}``);
- a ``status`` object with an ``error`` text (Qdrant's ``{"status": {"error": ...},
  "time": ...}``);
- an envelope's ``meta`` with the status and the error (``{"meta": {"code": 401,
  "errorType": "invalid_auth", "errorDetail"}, "response": {}}``: Foursquare, Giphy's
  ``{"meta": {"status": 429, "msg"}}``, Instagram's legacy API);
- JSend's ``{"status": "error", "message"}`` (Rocket.Chat; ``"fail"``, ``"failure"``,
  and ``result`` for ``status``: Zulip's, the Gemini exchange's;
  ``"ERR"`` and a ``detail`` or ``reason`` alike), and the Etherscan family's
  ``{"status": "0", "message": "NOTOK", "result": ...}`` (Etherscan, BscScan,
  PolygonScan and their kin), whose ``result`` says the error;
- FastAPI's (and Starlette's, Django REST framework's) ``{"detail": ...}``: a list of
  validation errors (``{"loc", "msg", "type"}``, FastAPI's 422), an object with an
  ``error`` or ``message`` (Tavily's ``{"detail": {"error": ...}}``), or, when an error
  is asked for, alone a text whose words say what happened or that is a reason phrase
  (``"Not authenticated"``);
- ``success: false`` with a text (Hypixel's ``{"success": false, "cause"}``), Splunk's
  ``{"text", "code"}`` with a code other than 0, and HL7 FHIR's ``OperationOutcome``
  (every FHIR server's), read by its first failing issue's ``code``;
- when an error is asked for, a ``message`` that is an HTTP status's reason phrase, with
  the status or without (GitLab's ``{"message": "401 Unauthorized"}``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final

from ._conventions import (
    TEXTS,
    an_error_status,
    by_field,
    coded_objects,
    in_digits,
    phrase_status,
    read_convention,
    texts_of,
    validation_list,
)
from ._errors import ShapeError
from ._kinds import ErrorKind
from ._source import Claim, add_claim, expected_shapes
from ._unified import UnifiedError, make, refill
from ._words import UNSAID, is_reason_phrase, read_words, status_of_phrase, wait_in_text

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = [
    "ASIDE", "alone", "read_coded_text", "read_meta", "read_not_ok", "read_ocs",
    "read_outcome", "read_pascal", "read_payload_errors", "read_status_error",
]  # fmt: skip


ASIDE: Final = frozenset({"request_id", "requestId", "trace_id", "traceId", "timestamp"})
"""Keys that say when or for which request, not what: beside a ``message`` or a
``detail`` they leave it alone (Pirate Weather's ``{"message": "No API key found in
request", "request_id": "..."}``)."""


def alone(d: Mapping[str, Any], key: str) -> bool:
    """Whether ``key`` is alone in ``d`` but for a request's id or a time (`ASIDE`)."""
    return len(d) == 1 or all(other == key or other in ASIDE for other in d)


def _message_is_a_phrase(d: Mapping[str, Any]) -> bool:
    """A ``message`` that is a reason phrase, or one alone in its body (`alone`) whose
    words say what happened (Mapbox's ``{"message": "Not Authorized - Invalid
    Token"}``)."""
    message = d["message"]
    return phrase_status(message) is not None or (
        alone(d, "message") and read_words(message) is not None
    )


def _detail_alone(d: Mapping[str, Any]) -> bool:
    """A text ``detail`` alone in its body (`alone`) whose words say what happened, or
    that is a reason phrase."""
    detail = d["detail"]
    return (
        alone(d, "detail")
        and type(detail) is str
        and (phrase_status(detail) is not None or read_words(detail) is not None)
    )


def _detail_says(d: Mapping[str, Any]) -> bool:
    """A ``detail`` that marks an error: FastAPI's validation list, or an object with a
    text ``error`` or ``message``."""
    detail = d["detail"]
    if type(detail) is dict:
        return type(detail.get("error")) is str or type(detail.get("message")) is str
    return validation_list(d)


def read_meta(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"meta": {"code": 401, "errorType", "errorDetail"}, "response": {}}``: the error
    its ``meta`` holds, read as any convention's."""
    return read_convention(d["meta"], strict, f"{where}/meta", whole=d)


def read_status_error(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"status": {"error": "Not found: Collection ..."}, "time": ...}``: the error its
    ``status`` object holds, read by its words (Qdrant's)."""
    return read_convention(d["status"], strict, f"{where}/status", whole=d)


def _pascal_error(d: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """An ``Error`` object with a text ``Code``, at the top of a body or in its
    ``Response`` (Tencent Cloud's ``{"Response": {"Error": {"Code", "Message"},
    "RequestId"}}``), or the body itself with a text ``Code`` and ``Message`` beside a
    ``RequestId`` (Alibaba Cloud's ``{"RequestId", "HostId", "Code": "Forbidden.RAM",
    "Message"}``); else ``None``."""
    response = d.get("Response")
    place = response if type(response) is dict else d
    error = place.get("Error")
    if type(error) is dict and type(error.get("Code")) is str and error["Code"]:
        return error
    code = d.get("Code")
    if type(code) is str and code and type(d.get("Message")) is str and "RequestId" in d:
        return None if code.lower() in _SUCCEEDED else d
    return None


_SUCCEEDED: Final = frozenset({"ok", "success", "successful", "200", "0"})
"""A top-level ``Code`` that says the call succeeded (Alibaba Cloud's SMS API answers
``{"Code": "OK", "Message": "OK", "RequestId", "BizId"}``)."""


def _pascal_says(d: Mapping[str, Any]) -> bool:
    return _pascal_error(d) is not None


def read_pascal(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"Error": {"Code", "Message"}}``, at the top or in a ``Response``: read as any
    convention's code and message."""
    error = _pascal_error(d) or {}
    given = {"code": error.get("Code"), "message": error.get("Message")}
    return read_convention({k: v for k, v in given.items() if v is not None}, strict, where, d)


def _status_error(d: Mapping[str, Any]) -> bool:
    return d.get("status") == "error"


def _status_says(d: Mapping[str, Any]) -> bool:
    """A ``status`` object with a text ``error`` (Qdrant's), a text ``message`` beside
    a nonzero ``value`` (GeoNames' documented exception), with a ``status_code``
    that says an error and a text (Riot Games' ``{"status": {"message", "status_code":
    429}}``), or with its own failed ``status`` or ``is_success: false`` and a text that
    says why (Rapyd's ``{"status": {"status": "ERROR", "error_code", "message"}}``, dbt
    Cloud's ``{"status": {"code": 401, "is_success": false, "user_message"}}``)."""
    status = d["status"]
    error = status.get("error")
    if type(error) is str and bool(error):
        return True
    code, message = status.get("error_code"), status.get("error_message")
    if type(code) is int and code != 0 and type(message) is str and message:
        return True  # CoinMarketCap's {"status": {"error_code": 1002, "error_message"}}
    value, message = status.get("value"), status.get("message")
    if type(value) is int and value != 0 and type(message) is str and message:
        return True  # GeoNames' {"status": {"message", "value": 19}}
    own = status.get("status")
    if (type(own) is str and own in _FAILED_STATUSES) or status.get("is_success") is False:
        return _says_why(status)  # Rapyd's {"status": {"status": "ERROR", ...}}, dbt Cloud's
    return "status_code" in status and _status_code_says(status)


def _payload_errors(d: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The first error a mutation's payload lists in ``data``: a non-empty list
    under ``userErrors``, ``errors`` or another ``...Errors`` (Shopify's ``userErrors``,
    Saleor's ``paymentErrors``) whose first is an object with a text ``message``; or the
    payload itself, where it is a result union's error type with a text ``message``
    (Vendure's ``{"__typename": "CouponCodeLimitError", "errorCode", "message"}``)."""
    for payload in d["data"].values():
        if type(payload) is not dict:
            continue
        typename = payload.get("__typename")
        if type(typename) is str and typename.endswith("Error") and _said_of(payload):
            return payload
        for key, errors in payload.items():
            if (
                (key == "errors" or key.endswith("Errors"))
                and type(errors) is list
                and errors
                and type(errors[0]) is dict
                and type(errors[0].get("message")) is str
            ):
                return errors[0]
    return None


def read_payload_errors(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """A mutation's own errors in ``data`` (`_payload_errors`): read by the first
    one's code, else its words, else as bad input, which a mutation's user errors are
    (a field left blank, a value out of range)."""
    first = _payload_errors(d)
    assert first is not None  # the claim's test
    return read_convention(first, strict, f"{where}/data", whole=d, unsaid=_USER_ERROR)


_USER_ERROR: Final = (ErrorKind.INVALID_INPUT, False)


def _has_payload_errors(d: Mapping[str, Any]) -> bool:
    return _payload_errors(d) is not None


def read_ocs(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"ocs": {"meta": {"status": "failure", "statuscode", "message"}, "data"}}``:
    the error its ``meta`` says (Nextcloud's and ownCloud's OCS API)."""
    return read_convention(d["ocs"]["meta"], strict, f"{where}/ocs/meta", whole=d)


def _ocs_failed(d: Mapping[str, Any]) -> bool:
    meta = d["ocs"].get("meta")
    return type(meta) is dict and meta.get("status") == "failure"


def _a_nonzero_code(d: Mapping[str, Any]) -> bool:
    return bool(d["errcode"] != 0)


def _a_nonzero_error_code(d: Mapping[str, Any]) -> bool:
    return bool(d["error_code"] != 0)


def _a_nonzero_ret_code(d: Mapping[str, Any]) -> bool:
    return bool(d["ret_code"] != 0)


def _meta_says(d: Mapping[str, Any]) -> bool:
    """A ``meta`` with an HTTP error status as ``code`` or ``status``, and a text that
    says the error."""
    meta = d["meta"]
    return (an_error_status(meta.get("code")) or an_error_status(meta.get("status"))) and any(
        type(meta.get(key)) is str for key in (*TEXTS, "errorType", "error_type")
    )


_NOT_OK: Final = "NOTOK"
"""The ``message`` of the Etherscan family's errors, whose ``status`` is ``"0"``."""


def read_not_ok(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"status": "0", "message": "NOTOK", "result": ...}``: the ``result`` says the
    error ("Max rate limit reached"), read by its words; strictly, no documented shape.
    (``"status": "0"`` with another message, "No transactions found", is an empty
    answer.)"""
    if strict:
        raise ShapeError(f"a convention no source documents; {expected_shapes()}", where)
    text = d["result"]
    kind, retryable = read_words(text) or UNSAID
    return make(
        kind, text, retryable=retryable, retry_after=wait_in_text(text), code=_NOT_OK, extra=d
    )


def _status_zero(d: Mapping[str, Any]) -> bool:
    return d.get("status") == "0"


def _a_phrase_for_its_status(d: Mapping[str, Any]) -> bool:
    """A text ``error`` that is the reason phrase of an HTTP error status beside it."""
    error = d["error"]
    return (
        an_error_status(d["status"]) and type(error) is str and status_of_phrase(error) is not None
    )


def _error_texts(d: Mapping[str, Any]) -> bool:
    """A list of texts (Kraken's) or of objects with a text ``message`` (Weaviate's)."""
    error = d["error"]
    return _all_texts(error) or (
        type(error) is list
        and bool(error)
        and all(type(item) is dict and type(item.get("message")) is str for item in error)
    )


def _all_texts(value: object) -> bool:
    return type(value) is list and bool(value) and all(type(item) is str for item in value)


def _said_of(error: object) -> str | None:
    """An error object's text that says what went wrong (``message``, else ``msg``)."""
    if type(error) is not dict:
        return None
    text = error.get("message", error.get("msg"))
    return text if type(text) is str and text else None


def _worded(error: object) -> bool:
    """An error object whose text, or whose text code, has words that say an error."""
    text = _said_of(error)
    code = error.get("code") if type(error) is dict else None
    return text is not None and read_words(text, code if type(code) is str else None) is not None


def _worded_first(d: Mapping[str, Any]) -> bool:
    """A non-empty ``errors`` list whose first is an object with a ``message`` or
    ``msg`` whose words say an error, of a shape no specification names (Greenhouse's
    ``{"errors": [{"message": "Rate limit reached.", "limit", "remaining", "resetAt"}]}``,
    Couchbase's ``{"errors": [{"code": 1080, "msg", "retry": true}], "status": "timeout"}``)."""
    errors = d["errors"]
    return bool(errors) and _worded(errors[0])


def _worded_object(d: Mapping[str, Any]) -> bool:
    """An ``errors`` object with a ``message`` whose words say an error (Modern
    Treasury's ``{"errors": {"code": "resource_not_found", "message", "parameter"}}``)."""
    return _worded(d["errors"])


def read_first_error(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """The first error ``errors`` holds, or the object it is: read as a convention's."""
    errors = d["errors"]
    first = errors[0] if type(errors) is list else errors
    return read_convention(first, strict, f"{where}/errors", whole=d)


_THROWN: Final = r"\s*(?:\w+\.)*\w*(?:Error|Exception)\b"
"""How an error's ``stack`` opens in JavaScript: its name ("Error: ...", "TypeError: ...")."""


def _thrown(d: Mapping[str, Any]) -> bool:
    """A JavaScript ``Error`` as its properties are serialized: a ``stack`` that opens
    with its name, beside a text ``message`` (Expo's server SDK's ``{"stack", "code":
    "TOO_MANY_REQUESTS", "message"}``)."""
    return re.match(_THROWN, d["stack"]) is not None and bool(_said_of(d))


_EXCEPTION: Final = r"[\w\\.$]{0,200}(?:exception|error)"
"""An exception's class name, qualified or in snake case ("moodle_exception",
"Symfony\\Component\\HttpKernel\\Exception\\NotFoundHttpException")."""


def _names_an_exception(d: Mapping[str, Any]) -> bool:
    """A text ``exception`` that is an exception's class name (`_EXCEPTION`)."""
    return re.fullmatch(_EXCEPTION, d["exception"], re.IGNORECASE) is not None


def _names_an_error_class(d: Mapping[str, Any]) -> bool:
    """A text ``name`` that is an error's class name ("QueryFailedError",
    "MongoServerError"), not a person's or a record's, in no JSON-RPC error object (a
    numeric ``code`` with ``data``: Geotab's ``JSONRPCError`` is JSON-RPC's)."""
    if type(d.get("code")) is int and "data" in d:
        return False
    return re.fullmatch(_ERROR_CLASS, d["name"]) is not None


_ERROR_CLASS: Final = r"[A-Z][A-Za-z\d]{0,80}(?:Error|Exception)"
"""A JavaScript error's class name, as its ``name`` property holds it."""


def read_raised(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"exception", "message", ...}``: an exception a server raised, named beside its
    message (Moodle's web services' ``{"exception": "moodle_exception", "errorcode":
    "invalidtoken", "message", "debuginfo"?}``, Laravel's debug body ``{"message",
    "exception": "...\\NotFoundHttpException", "file", "line", "trace"}``), read as a
    convention: its ``errorcode``, else the exception's name, then the words of the
    name, the message and the ``debuginfo``."""
    return _read_named(d, strict, where, d["exception"], d.get("errorcode"))


def read_serialized(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"name": "...Error", "message", "code"?, ...}``: a JavaScript error as its own
    properties serialize (TypeORM's ``QueryFailedError`` with MySQL's ``code``,
    Mongoose's ``ValidationError``), read as a convention: its ``code``, else its
    name, then the words of both and of its message."""
    return _read_named(d, strict, where, d["name"], d.get("code"))


def _read_named(
    d: Mapping[str, Any], strict: bool, where: str, name: str, code: object
) -> UnifiedError:
    """An error named by its class beside its message, read as a convention: its
    ``code``, else the class's own name, then the words of the name, the message and
    any ``debuginfo``; the body as it came is kept."""
    said = {
        "code": code if type(code) is str and code else re.split(r"[\\.$]", name)[-1],
        "type": name,
        "message": d["message"],
        "detail": d.get("debuginfo"),
    }
    return read_convention(said, strict, where, whole=d)


def _a_worded_error_code(d: Mapping[str, Any]) -> bool:
    """A text ``error_code`` that is a code (no spaces), whose words or its
    ``message``'s say an error (Databricks' ``{"error_code": "RESOURCE_EXHAUSTED",
    "message": "Too many requests. ..."}``)."""
    code = d["error_code"]
    return bool(code) and " " not in code and read_words(code, d["message"]) is not None


_FAILED_PASCAL: Final = frozenset({"Fail", "Failed", "Error", "FAIL", "FAILED", "ERROR"})
"""A ``Status`` that says the request failed, as PascalCase bodies write it."""


def read_pascal_status(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"Status": "Fail", "Message"}``: read by its message's words."""
    return read_convention({"message": d["Message"]}, strict, where, d)


def _detailed(d: Mapping[str, Any]) -> bool:
    """A text ``message`` and a text ``details`` (Portainer's ``{"message": "Invalid JWT
    token", "details": "Unauthorized"}``), whose words, or the reason phrase ``details``
    is, say an error."""
    details = d["details"]
    return bool(d["message"]) and (
        is_reason_phrase(details) or read_words(d["message"], details) is not None
    )


def read_detailed(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{message, details}``: read by its words, and by the status ``details`` names
    where it is a reason phrase, as Boom's ``error`` is."""
    details = d["details"]
    given = {"message": d["message"], ("error" if is_reason_phrase(details) else "detail"): details}
    return read_convention(given, strict, where, d)


def _reasons_listed(d: Mapping[str, Any]) -> bool:
    errors = d["errors"]
    return bool(errors) and type(errors[0]) is dict and type(errors[0].get("reason")) is str


def _typed_error(d: Mapping[str, Any]) -> bool:
    return str(d["type"]).endswith("_error")


def _texts_listed(d: Mapping[str, Any]) -> bool:
    return _all_texts(d["errors"])


def _a_text(d: Mapping[str, Any]) -> bool:
    return bool(d["errors"].strip())


def _status_with_message(d: Mapping[str, Any]) -> bool:
    """An error status as ``statusCode``, with a message or NestJS's list of them, or an
    ``errorMessage`` (SAP Customer Data Cloud's, Gigya's, ``{"statusCode": 403,
    "errorCode": 403042, "errorMessage": "Invalid LoginID", ...}``)."""
    return an_error_status(d["statusCode"]) and bool(
        texts_of(d.get("message")) or texts_of(d.get("errorMessage"))
    )


def _an_error_code(d: Mapping[str, Any]) -> bool:
    """A code that marks an error: a number below zero (Binance's) or an HTTP error
    status, any number but 0 (or its digits: Alipay's ``"40006"``) beside a ``msg``
    whose words say an error (Feishu's ``{"code": 19002, "msg": "params error, msg_type
    need"}``), or a text whose words say what happened."""
    code = d["code"]
    if type(code) is str and code.isascii() and code.isdigit():
        code = int(code)  # Alipay's "40006", Bitget's "40037"
    if type(code) is int:
        return code < 0 or an_error_status(code) or (code != 0 and read_words(d["msg"]) is not None)
    return type(code) is str and read_words(code) is not None


def _a_status_code(d: Mapping[str, Any]) -> bool:
    return an_error_status(d["code"])


def _a_status_and_message(d: Mapping[str, Any]) -> bool:
    """An HTTP error status as ``status`` beside a text ``message`` (Azure MCP's
    ``{"status": 500, "message": "... Status: 403 (Forbidden) ..."}``)."""
    return an_error_status(d["status"]) and bool(d["message"])


def _an_error_status_beside(d: Mapping[str, Any]) -> bool:
    return an_error_status(d["error_status"]) and bool(d["error_message"])


def _a_failed_status(d: Mapping[str, Any]) -> bool:
    """A ``status`` that says the request failed, as a word (`_FAILED_PASCAL`), beside a
    ``statusDescription`` that says why."""
    status = d.get("status")
    return bool(d["statusDescription"]) and type(status) is str and status in _FAILED_PASCAL


def _a_message_or_error_message(d: Mapping[str, Any]) -> bool:
    return any(type(d.get(key)) is str and d[key] for key in _CODED_TEXTS)


_CODED_TEXTS: Final = ("message", "errorMessage", "description", "userMessage")
"""The texts beside an ``errorCode`` that say what went wrong (DocuSign's ``message``,
Daraja's ``errorMessage``, QIWI's ``description`` and ``userMessage``)."""


def _typed_error_code(d: Mapping[str, Any]) -> bool:
    """A text ``code`` that is a code (no spaces) beside a text ``description`` or
    ``message`` (YooKassa's ``{"type": "error", "code": "invalid_request",
    "description", "parameter"}``)."""
    code = d["code"]
    return type(code) is str and bool(code) and " " not in code and _said_of_described(d)


def _said_of_described(d: Mapping[str, Any]) -> bool:
    return any(type(d.get(key)) is str and d[key] for key in ("description", "message"))


def read_jsend(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """JSend's failed ``status`` read as a convention, its words deciding; where they
    say nothing, JSend's own meaning: ``error`` is the server's fault ("an error
    occurred in processing the request, i.e. an exception was thrown": internal),
    ``fail`` the caller's data ("there was a problem with the data submitted": bad
    input); any other failed status says no more."""
    unsaid = _JSEND.get(d["status"].lower(), UNSAID)
    data = d.get("data")
    if not _says_why(d) and type(data) is dict:  # Postal's {"status": "error", "data":
        return read_convention(data, strict, where, whole=d, unsaid=unsaid)  # {code, ...}}
    return read_convention(d, strict, where, unsaid=unsaid)


_JSEND: Final = {
    "error": (ErrorKind.INTERNAL, None),
    "fail": (ErrorKind.INVALID_INPUT, False),
}
"""What JSend's statuses mean when no word says more, as its specification defines them."""


def _a_worded_code(d: Mapping[str, Any]) -> bool:
    """A number but 0 or an HTTP status of success (200, 201, 304) beside a ``message``
    whose words say an error."""
    code = d["code"]
    return code != 0 and not 100 <= code < 400 and read_words(d["message"]) is not None


def _a_capital_label(d: Mapping[str, Any]) -> bool:
    """A ``label`` that is a code in capitals (``INVALID_SIGNATURE``), not a name."""
    return re.fullmatch(r"[A-Z][A-Z\d]*(?:_[A-Z\d]+)+", d["label"]) is not None


def _a_worded_code_beside_data(d: Mapping[str, Any]) -> bool:
    """A number but 0 (a success's) whose ``message``'s words say an error (SiliconFlow's
    ``{"code": 20012, "message": "Model does not exist. ...", "data": null}``)."""
    return d["code"] != 0 and read_words(d["message"]) is not None


_STATUS_TEXTS: Final = ("status_message", "status_txt", "message", "error", "error_message")


def _status_code_says(d: Mapping[str, Any]) -> bool:
    """A ``status_code`` that is an HTTP error status, as a number or in digits
    (Midtrans's ``"401"``), or a code of the API's own beside ``success: false``
    (TMDB's ``{"status_code": 7, "success": false}``), with a text that says what:
    ``status_message``, ``status_txt`` (Bitly's ``RATE_LIMIT_EXCEEDED``), ``message``,
    ``error`` or ``error_message`` (Huawei Cloud's SDK's)."""
    code = in_digits(d["status_code"])
    said = an_error_status(code) or (type(code) is int and d.get("success") is False)
    return said and any(type(d.get(key)) is str and d.get(key) for key in _STATUS_TEXTS)


_FAILED_STATUSES: Final = frozenset({"error", "fail", "failure", "ERROR", "ERR", "FAIL"})
"""A ``status`` that says the request failed (JSend's ``error`` and ``fail``, and their
spellings); a job's ``failed`` is a record's state, not a response's."""


def _says_why(d: Mapping[str, Any]) -> bool:
    """A text that says what went wrong, at one of the usual keys (`TEXTS`) or as a
    ``reason``."""
    return any(type(d.get(key)) is str and d[key] for key in (*TEXTS, "reason"))


def _says_why_or_its_data(d: Mapping[str, Any]) -> bool:
    """`_says_why`, or a ``data`` object with a text ``code`` or one that says why
    (Postal's ``{"status": "error", "data": {"code": "ServerSuspended"}}``)."""
    data = d.get("data")
    return _says_why(d) or (
        type(data) is dict and (type(data.get("code")) is str or _says_why(data))
    )


def _unsuccessful(d: Mapping[str, Any]) -> bool:
    """``success: false`` with a text that says what went wrong (Hypixel's
    ``{"success": false, "cause": "Invalid API key"}``), or a list of errors whose first
    says it (Marketo's ``{"requestId", "success": false, "errors": [{"code": "602",
    "message": "Access token expired"}]}``)."""
    if d["success"] is not False:
        return False
    errors = d.get("errors")
    return any(type(d.get(key)) is str and d[key] for key in TEXTS) or (
        type(errors) is list and bool(errors) and _said_of(errors[0]) is not None
    )


def _coded_text(d: Mapping[str, Any]) -> bool:
    """A numeric ``code`` other than 0 beside a ``text`` whose words say an error
    (Splunk's HTTP Event Collector: ``{"text": "Invalid token", "code": 4}``; its
    success is ``{"text": "Success", "code": 0}``)."""
    code = d.get("code")
    return type(code) is int and code != 0 and read_words(d["text"]) is not None


def read_coded_text(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"text", "code"}``: read as a convention whose message is its ``text``."""
    return read_convention({"code": d["code"], "message": d["text"]}, strict, where, d)


_FAILING: Final = frozenset({"error", "fatal"})
"""The severities of a FHIR ``OperationOutcome`` issue that fail the operation."""


def _failing_issue(d: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The first issue of a FHIR ``OperationOutcome`` whose severity is an error's."""
    issues = d.get("issue")
    for issue in issues if type(issues) is list else ():
        if (
            type(issue) is dict
            and type(issue.get("severity")) is str
            and (issue["severity"] in _FAILING)
        ):
            return issue
    return None


def _outcome_failed(d: Mapping[str, Any]) -> bool:
    return _failing_issue(d) is not None


_ISSUE_TYPES: Final[dict[str, tuple[ErrorKind, bool | None]]] = {
    **dict.fromkeys(
        ("invalid", "structure", "required", "value", "invariant", "code-invalid",
         "extension", "business-rule"),
        (ErrorKind.INVALID_INPUT, False),
    ),
    **dict.fromkeys(("security", "forbidden", "suppressed"), (ErrorKind.PERMISSION_DENIED, False)),
    **dict.fromkeys(("login", "unknown", "expired"), (ErrorKind.UNAUTHENTICATED, False)),
    **dict.fromkeys(("not-found", "deleted"), (ErrorKind.NOT_FOUND, False)),
    **dict.fromkeys(("too-long", "too-costly"), (ErrorKind.TOO_LARGE, False)),
    **dict.fromkeys(("duplicate", "conflict"), (ErrorKind.CONFLICT, False)),
    "multiple-matches": (ErrorKind.AMBIGUOUS, False),
    "not-supported": (ErrorKind.UNSUPPORTED, False),
    "lock-error": (ErrorKind.CONFLICT, True),
    "transient": (ErrorKind.UNAVAILABLE, True),
    "no-store": (ErrorKind.UNAVAILABLE, True),
    "throttled": (ErrorKind.RATE_LIMITED, True),
    "timeout": (ErrorKind.UNKNOWN_OUTCOME, None),
}  # fmt: skip
"""FHIR's IssueType codes (hl7.org/fhir/valueset-issue-type.html), each as the kind it
names: ``login``, ``unknown`` and ``expired`` are a user not authenticated, ``security``,
``forbidden`` and ``suppressed`` a right withheld, ``too-costly`` an operation stopped to
protect the server's resources, ``lock-error`` and ``transient`` states a retry may
clear.  ``processing``, ``exception`` and ``incomplete`` name no situation: the issue's
words decide (HAPI FHIR sends ``processing`` for most of its errors), and an
``exception`` whose words say nothing is internal (`_UNEXPECTED`)."""


_UNEXPECTED: Final = (ErrorKind.INTERNAL, None)
"""FHIR's ``exception``, "An unexpected internal error has occurred", where the issue's
words say nothing more (LinuxForHealth FHIR's "Server Side Error for Batch
Framework")."""


def read_outcome(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """HL7 FHIR's ``OperationOutcome``: its first failing issue, read by its ``code``
    (FHIR's IssueType, `_ISSUE_TYPES`), else its words, its ``diagnostics`` or
    ``details.text`` the message."""
    issue = _failing_issue(d) or {}
    details = issue.get("details")
    text = issue.get("diagnostics")
    if type(text) is not str and type(details) is dict:
        text = details.get("text")
    code = issue.get("code")
    given = {"code": code, "message": text if type(text) is str else None}
    given = {k: v for k, v in given.items() if v is not None}
    said = _ISSUE_TYPES.get(code) if type(code) is str else None
    found = read_convention(given, strict, where, d)
    if said is None and found.kind is ErrorKind.UNKNOWN and code == "exception":
        said = _UNEXPECTED  # words that say nothing: FHIR's own meaning of the code
    if said is None:
        return found
    return refill(
        found,
        said[0],
        retryable=said[1],
        retry_after=found.retry_after,
        status_code=found.status_code,
        request_id=found.request_id,
    )


# Boom and its cousins rank before use_tool's claims on `error`, which take any text
# `error` (a reason phrase is never one of use_tool's lowercase codes).  Each claim's
# key tests are inline, so an error of a source on `error` pays no call for them: a
# claim on `error` that called a predicate made parsing a use_tool error 1.6 times
# slower.
for _claim in (
    Claim(
        230,
        "error",
        read_convention,
        "a list of texts (Kraken's) or of objects with a text `message` (Weaviate's), not"
        " empty: read by their words",
        is_a=list,
        when=_error_texts,
    ),
    Claim(
        233,
        "name",
        read_serialized,
        "a JavaScript error serialized: a text `name` that is an error's class name beside"
        " a text `message` (TypeORM's `QueryFailedError`, Mongoose's `ValidationError`):"
        " read by its code, else the words of its name and message",
        is_a=str,
        texts=("message",),
        when=_names_an_error_class,
    ),
    Claim(
        234,
        "errorCode",
        read_convention,
        "a text `errorCode` of no source beside a text `message` (DocuSign's),"
        " `errorMessage` (Safaricom's Daraja), `description` or `userMessage` (QIWI's): read"
        " by the code's words, else the message's",
        is_a=str,
        when=_a_message_or_error_message,
    ),
    Claim(
        236,
        "@type",
        read_convention,
        '`@type: "error"` with a text `error_message` (Travis CI\'s API): read by its'
        " `error_type`, else its words",
        is_a=str,
        one_of=frozenset({"error"}),
        texts=("error_message",),
    ),
    Claim(
        237,
        "type",
        read_convention,
        '`type: "error"` with a text `code` and a text `description` or `message`, and no'
        " `error` object (YooKassa's): read by its code's words, else its text's",
        is_a=str,
        one_of=frozenset({"error"}),
        refuses=("error", "param", "sequence_number"),  # a Responses stream's error event
        needs=("code",),
        when=_typed_error_code,
    ),
    Claim(
        238,
        "stack",
        read_convention,
        "a JavaScript `Error` serialized: a text `stack` that opens with its name, beside"
        " a text `message` (Expo's server SDK's, with a `code`): read by its code, else its"
        " words",
        is_a=str,
        when=_thrown,
    ),
    Claim(
        239,
        "exception",
        read_raised,
        "an exception's class name as a text `exception` beside a text `message` (Moodle's"
        " web services', with an `errorcode`; Laravel's debug body): read by its code,"
        " else the words of its name and message",
        is_a=str,
        texts=("message",),
        when=_names_an_exception,
    ),
    Claim(
        310,
        "status",
        read_convention,
        "an HTTP error status as `status` beside an `error` that is its reason phrase"
        " (Boom's cousin): read by that status",
        is_a=int,
        needs=("error",),
        when=_a_phrase_for_its_status,
    ),
    Claim(
        311,
        "statusCode",
        read_convention,
        "an HTTP error status as `statusCode` beside a `message` (or NestJS's list of"
        " them) or an `errorMessage` (Gigya's), and no `code` (which Configure's errors"
        " have): read by that status",
        is_a=int,
        refuses=("code",),
        when=_status_with_message,
    ),
    Claim(
        485,
        "errors",
        read_convention,
        "a list of error objects whose first has a text `code` and a text `detail` or"
        " `message` (Square's), never beside a top-level `message` or a"
        " `success`: read by its code, else its words",
        is_a=list,
        refuses=("message", "success"),
        when=coded_objects,
    ),
    Claim(
        487,
        "errors",
        read_convention,
        "a list of error objects whose first has a text `reason` (Linode's"
        " `{errors: [{reason, field?}]}`): read by its words or reason phrase",
        is_a=list,
        when=_reasons_listed,
    ),
    Claim(
        490,
        "errors",
        read_convention,
        "a list of texts (Vault's `errors`): read by their words",
        is_a=list,
        when=_texts_listed,
    ),
    Claim(
        491,
        "errors",
        read_convention,
        "a text (Shopify's REST Admin API's `{errors: \"Exceeded 4 calls per second ...\"}`):"
        " read by its words",
        is_a=str,
        when=_a_text,
    ),
    Claim(
        492,
        "errors",
        read_first_error,
        "when asked for an error: a list whose first is an object with a `message` or"
        " `msg` whose words say an error, in a shape no specification names (Greenhouse's,"
        " with `limit` and `resetAt`; Couchbase's, with a numeric `code` and a `retry`"
        " flag): read as its first error",
        is_a=list,
        refuses=("message", "success"),
        when=_worded_first,
        parsing_only=True,
    ),
    Claim(
        493,
        "errors",
        read_first_error,
        "an object with a `message` whose words say an error (Modern Treasury's"
        " `{errors: {code, message, parameter}}`): read as that error",
        is_a=dict,
        when=_worded_object,
    ),
    Claim(
        494,
        "errors",
        read_convention,
        "an object that lists texts by the field they are about, beside nothing but a"
        " `message` (Rails' `{errors: {email: [\"has already been taken\"]}}`, Laravel's"
        " validation errors): read by their words, else as bad input",
        is_a=dict,
        when=by_field,
    ),
    Claim(
        630,
        "status",
        read_jsend,
        'JSend\'s `status: "error"` (or `"fail"`, `"failure"`: Pinterest\'s; `"ERR"`:'
        " SurrealDB's) with a text that says why (`message`, `detail`, `reason`, ...), or a"
        " `data` object with a code or such a text (Postal's): read by its code or words,"
        " else as JSend's `error` (internal) or `fail` (bad input)",
        is_a=str,
        one_of=_FAILED_STATUSES,
        when=_says_why_or_its_data,
    ),
    Claim(
        634,
        "result",
        read_convention,
        "JSend's status as `result: \"error\"` (Zulip's `{result, msg, code}`, the Gemini"
        " exchange's `{result, reason, message}`) with a text that says why: read by its code"
        " or words",
        is_a=str,
        one_of=_FAILED_STATUSES,
        when=_says_why,
    ),
    Claim(
        635,
        "message",
        read_not_ok,
        '`message: "NOTOK"` with `status: "0"` and a text `result` (the Etherscan'
        " family's): read by the result's words",
        is_a=str,
        one_of=frozenset({_NOT_OK}),
        texts=("result",),
        when=_status_zero,
    ),
    Claim(
        637,
        "error_status",
        read_convention,
        "an HTTP error status as `error_status` beside a text `error_message`"
        " (ipgeolocation.io's): read by that status, weighed against the message's words",
        is_a=int,
        texts=("error_message",),
        when=_an_error_status_beside,
    ),
    Claim(
        638,
        "error_info",
        read_convention,
        "a text `error_info` beside a text `error_code` (Phabricator's Conduit: `{result:"
        " null, error_code, error_info}`): read by the code's words, else the info's",
        is_a=str,
        texts=("error_code",),
    ),
    Claim(
        639,
        "statusDescription",
        read_convention,
        '`status: "Failed"` (or `"Error"`) beside a text `statusDescription`'
        " (ClouDNS'): read by its words",
        is_a=str,
        when=_a_failed_status,
    ),
    Claim(
        636,
        "status",
        read_convention,
        "an HTTP error status as `status` beside a text `message`: read by that status,"
        " weighed against the message's words and any status it states",
        is_a=int,
        texts=("message",),
        when=_a_status_and_message,
    ),
    Claim(
        631,
        "code",
        read_convention,
        "an HTTP error status as `code` beside a text `message`: read by that status",
        is_a=int,
        texts=("message",),
        when=_a_status_code,
    ),
    Claim(
        633,
        "status_code",
        read_convention,
        "a `status_code` that is an HTTP error status, as a number or in digits"
        " (Midtrans's), or a code beside `success: false` (TMDB's), with a text"
        " `status_message`, `status_txt` (Bitly's), `message` or `error`: read by that"
        " status and code, else the words",
        when=_status_code_says,
    ),
    Claim(
        640,
        "msg",
        read_convention,
        "a text `msg` beside a `code` that marks an error (below zero, an HTTP error"
        " status, a number but 0 beside a `msg` whose words say an error, or words that"
        " say what happened): read by the code or the words",
        is_a=str,
        needs=("code",),
        when=_an_error_code,
    ),
    Claim(
        644,
        "code",
        read_convention,
        "a numeric `code` other than 0 and no success's HTTP status, with a text `message`"
        " whose words say an error (Alpaca's `{code: 40010000, message}`, Poloniex's"
        ' `{code: 21709, message: "Low available balance"}`): read by the words',
        is_a=int,
        texts=("message",),
        when=_a_worded_code,
    ),
    Claim(
        646,
        "label",
        read_convention,
        "when asked for an error: a `label` in capitals with a text `message` (Gate.io's"
        " `{label: INVALID_SIGNATURE, message}`): read by the label's words, else the"
        " message's",
        is_a=str,
        texts=("message",),
        when=_a_capital_label,
        parsing_only=True,
    ),
    Claim(
        642,
        "code",
        read_convention,
        "a numeric `code` other than 0 with a text `message` whose words say an error,"
        " beside a `data` (the `{code, message, data}` envelope SiliconFlow's and many"
        " others' errors come in): read by the words",
        is_a=int,
        needs=("data",),
        texts=("message",),
        when=_a_worded_code_beside_data,
    ),
    Claim(
        906,
        "stat",
        read_convention,
        '`stat: "fail"` with a text `message` (Flickr\'s): read by its words',
        is_a=str,
        one_of=frozenset({"fail"}),
        texts=("message",),
    ),
    Claim(
        907,
        "errcode",
        read_convention,
        "a numeric `errcode` other than 0 with a text `errmsg` (WeChat's, and the many"
        " APIs that answer the same way): read by its words",
        is_a=int,
        texts=("errmsg",),
        when=_a_nonzero_code,
    ),
    Claim(
        911,
        "error_code",
        read_convention,
        "a numeric `error_code` other than 0 with a text `error_msg` (Baidu's): read by its words",
        is_a=int,
        texts=("error_msg",),
        when=_a_nonzero_error_code,
    ),
    Claim(
        905,
        "error_code",
        read_convention,
        "a text `error_code` that is a code, beside a text `message`, whose words say an"
        " error (Databricks' `{error_code: RESOURCE_EXHAUSTED, message}`): read by the"
        " code's words, else the message's",
        is_a=str,
        texts=("message",),
        when=_a_worded_error_code,
    ),
    Claim(
        918,
        "Status",
        read_pascal_status,
        '`Status: "Fail"` with a text `Message` (Apache Doris\' stream load): read by the'
        " message's words",
        is_a=str,
        one_of=_FAILED_PASCAL,
        texts=("Message",),
    ),
    Claim(
        909,
        "ret_code",
        read_convention,
        "a numeric `ret_code` other than 0 with a text `ret_msg` (Bybit's): read by its words",
        is_a=int,
        texts=("ret_msg",),
        when=_a_nonzero_ret_code,
    ),
    Claim(
        632,
        "err-msg",
        read_convention,
        "`status: \"error\"` with a text `err-msg` and `err-code` (Huobi's, HTX's): read"
        " by its code, else its words",
        is_a=str,
        texts=("err-code",),
        when=_status_error,
    ),
    Claim(
        908,
        "ocs",
        read_ocs,
        "`ocs.meta.status: \"failure\"` (Nextcloud's and ownCloud's OCS API): read by"
        " its message's words",
        is_a=dict,
        when=_ocs_failed,
    ),
    Claim(
        912,
        "status",
        read_status_error,
        "a `status` object with a text `error` (Qdrant's `{status: {error}, time}`), with"
        " a nonzero `error_code` and a text `error_message` (CoinMarketCap's) or a nonzero"
        " `value` and a text `message` (GeoNames'), with a"
        " `status_code` that says an error and a text (Riot Games'), or with its own failed"
        " `status` or `is_success: false` and a text (Rapyd's, dbt Cloud's): read by its"
        " status, else its words",
        is_a=dict,
        when=_status_says,
    ),
    Claim(
        917,
        "data",
        read_payload_errors,
        "a mutation payload in `data` with a non-empty `userErrors`, `errors` or"
        " `...Errors` list of objects with a text `message` (Shopify's, Saleor's), or that"
        " is a result union's error type (`__typename` ending in `Error`, Vendure's): read"
        " by the first one's code, else its words",
        is_a=dict,
        when=_has_payload_errors,
    ),
    Claim(
        913,
        "Response",
        read_pascal,
        "a `Response` object holding an `Error` object with a text `Code` (Tencent"
        " Cloud's `{Response: {Error: {Code, Message}, RequestId}}`): read by the code's"
        " words, else the message's",
        is_a=dict,
        when=_pascal_says,
    ),
    Claim(
        916,
        "Code",
        read_pascal,
        "a text `Code` and `Message` beside a `RequestId` (Alibaba Cloud's): read by the"
        " code's words, else the message's",
        is_a=str,
        needs=("RequestId",),
        texts=("Message",),
        when=_pascal_says,
    ),
    Claim(
        914,
        "Error",
        read_pascal,
        "an `Error` object with a text `Code` (`{Error: {Code, Message}}`): read by the"
        " code's words, else the message's",
        is_a=dict,
        when=_pascal_says,
    ),
    Claim(
        915,
        "meta",
        read_meta,
        "a `meta` object with an HTTP error status as `code` or `status` and a text"
        " `msg`, `errorDetail`, `error_message` or `errorType` (Foursquare's, Giphy's,"
        " Instagram's envelope): read by its code, status or words",
        is_a=dict,
        when=_meta_says,
    ),
    Claim(
        919,
        "details",
        read_detailed,
        "a text `details` beside a text `message`, whose words say an error or that is a"
        ' reason phrase (Portainer\'s `{message, details: "Unauthorized"}`), and no `code`'
        " or `hint`: read by that status and the words",
        is_a=str,
        texts=("message",),
        refuses=("hint", "code"),  # {code, details, hint?, message} is a source's
        when=_detailed,
    ),
    Claim(
        920,
        "detail",
        read_convention,
        "FastAPI's `detail`: a list of validation errors with `loc` and `msg`, or an"
        " object with a text `error` or `message`: read by its status, else its words",
        when=_detail_says,
    ),
    # As a tool's result, a lone text may be a record's: these read only when an error
    # is asked for (parse, from_http, a failed tool's text), as a text code does.
    Claim(
        926,
        "success",
        read_convention,
        "`success: false` with a text that says what went wrong (`message`, `cause`,"
        " ...: Hypixel's) or a list of errors whose first says it (Marketo's): read by its"
        " code, else its words",
        is_a=bool,
        when=_unsuccessful,
    ),
    Claim(
        895,
        "text",
        read_coded_text,
        "a text `text` whose words say an error beside a numeric `code` other than 0"
        " (Splunk's HTTP Event Collector): read by its words",
        is_a=str,
        when=_coded_text,
    ),
    Claim(
        928,
        "resourceType",
        read_outcome,
        'HL7 FHIR\'s `resourceType: "OperationOutcome"` with an issue of severity `error`'
        " or `fatal`: read by the issue's `code` (FHIR's IssueType), else its words",
        is_a=str,
        one_of=frozenset({"OperationOutcome"}),
        when=_outcome_failed,
    ),
    Claim(
        930,
        "message",
        read_convention,
        "when asked for an error: a `message` that is an HTTP error status's reason"
        ' phrase (`"401 Unauthorized"`), or alone with words that say what happened'
        " (Mapbox's): read by that status, else the words",
        is_a=str,
        when=_message_is_a_phrase,
        parsing_only=True,
    ),
    Claim(
        925,
        "detail",
        read_convention,
        "a text `detail` beside a text `code` and a `type` that ends in `_error` (Django"
        " REST framework's standardized errors, PostHog's): read by its code, else its"
        " words",
        is_a=str,
        texts=("code", "type"),
        when=_typed_error,
    ),
    Claim(
        927,
        "message",
        read_convention,
        "a text `message` beside a text `code` and a `type` that ends in `_error`, no"
        " `param` (Cashfree's `{code: request_failed, message, type: authentication_error}`;"
        " a chat-completions error object has a `param`): read by its type's words, else its"
        " code's,"
        " else its words",
        is_a=str,
        texts=("code", "type"),
        refuses=("param",),
        when=_typed_error,
    ),
    Claim(
        940,
        "detail",
        read_convention,
        "when asked for an error: FastAPI's text `detail` alone, whose words or reason"
        " phrase say what happened",
        is_a=str,
        when=_detail_alone,
        parsing_only=True,
    ),
):
    add_claim(_claim, "words")
