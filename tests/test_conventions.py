"""Conventions many APIs share: read by their fields, and named as no system's."""

from __future__ import annotations

from typing import Any

import pytest

from toolerrors import ErrorKind, ShapeError, error_of, from_http, parse
from toolerrors._source import BUILT_IN, CLAIMS, OWNERS

# (id, body, kind, retryable): bodies in conventions no one system owns.
CONVENTIONS: list[tuple[str, dict[str, Any], ErrorKind, bool | None]] = [
    ("boom", {"statusCode": 404, "error": "Not Found", "message": "Not here"},
     ErrorKind.NOT_FOUND, False),
    ("nestjs-validation", {"statusCode": 400, "message": ["name must be a string"],
                           "error": "Bad Request"}, ErrorKind.INVALID_INPUT, False),
    ("nestjs-no-error", {"statusCode": 401, "message": "Unauthorized"},
     ErrorKind.UNAUTHENTICATED, False),
    ("boom-with-status", {"error": "Unauthorized", "status": 401, "message": "No token"},
     ErrorKind.UNAUTHENTICATED, False),
    ("error-object-numbered", {"error": {"message": "Invalid Input Provided", "code": 2001,
                                         "errors": ["Invalid Id Provided"]}},
     ErrorKind.INVALID_INPUT, False),
    ("error-object-worded", {"error": {"message": "No such user", "code": "USER_NOT_FOUND"}},
     ErrorKind.NOT_FOUND, False),
    ("error-object-status", {"error": {"message": "Slow down", "code": 429}},
     ErrorKind.RATE_LIMITED, True),
    ("error-object-graphql", {"error": {"errors": [{"message": "Cannot query field \"x\"."}]}},
     ErrorKind.INVALID_INPUT, False),
    ("message-and-status", {"message": "Slow down", "code": 429}, ErrorKind.RATE_LIMITED, True),
    ("code-and-msg", {"code": -2010, "msg": "Account has insufficient balance."},
     ErrorKind.PAYMENT_REQUIRED, False),
    ("jsend-error", {"status": "error", "message": "You must be logged in to do this."},
     ErrorKind.UNAUTHENTICATED, False),
    ("error-texts", {"error": ["EAPI:Rate limit exceeded"]}, ErrorKind.RATE_LIMITED, True),
    ("errors-texts", {"errors": ["permission denied"]}, ErrorKind.PERMISSION_DENIED, False),
    ("error-messages", {"error": [{"message": 'class name "Document" already exists'}]},
     ErrorKind.CONFLICT, False),  # Weaviate's
    ("fastapi-validation", {"detail": [{"type": "missing", "loc": ["body", "name"],
                                        "msg": "Field required", "input": {}}]},
     ErrorKind.INVALID_INPUT, False),
    ("detail-object", {"detail": {"error": "This request exceeds your plan's set usage limit."
                                           " Please upgrade your plan or contact support"}},
     ErrorKind.PAYMENT_REQUIRED, False),  # Tavily's
    # docs.etherscan.io/support/common-error-messages: the Etherscan family's, in a 200
    ("not-ok-result", {"status": "0", "message": "NOTOK", "result": "Invalid API Key"},
     ErrorKind.UNAUTHENTICATED, False),
    # square/connect-nodejs-sdk#106: Square's errors list, with no status
    ("coded-error-objects", {"errors": [{"code": "FORBIDDEN", "detail": "You have insufficient"
                                         " permissions to perform that action.",
                                         "category": "AUTHENTICATION_ERROR"}]},
     ErrorKind.PERMISSION_DENIED, False),
    ("not-ok-rate-limit", {"status": "0", "message": "NOTOK",
                           "result": "Max rate limit reached"}, ErrorKind.RATE_LIMITED, True),
    # github.com/mozilla/f1/issues/68: Bitly's v3 status in the body, its code in words
    ("status-code-and-txt", {"data": [], "status_code": 403, "status_txt": "RATE_LIMIT_EXCEEDED"},
     ErrorKind.RATE_LIMITED, True),
    # Midtrans's status in digits (docs.midtrans.com, "401 ... cannot be authorized")
    ("status-code-in-digits", {"status_code": "401", "status_message": "Transaction cannot be"
                               " authorized with the current client/server key.",
                               "id": "1679fb5e-31b2-49e0-bbae-cec703a5cdde"},
     ErrorKind.UNAUTHENTICATED, False),
    # TMDB's code of its own beside success: false (developer.themoviedb.org/docs/errors)
    ("status-code-unsuccessful", {"status_code": 7, "status_message": "Invalid API key: You"
                                  " must be granted a valid key.", "success": False},
     ErrorKind.UNAUTHENTICATED, False),
    # github.com/BenFradet/RiotSharp/issues/308: Riot Games' status object
    ("status-object-code", {"status": {"message": "Rate limit exceeded", "status_code": 429}},
     ErrorKind.RATE_LIMITED, True),
    # github.com/windingwind/zotero-pdf-translate/issues/85: Tencent Cloud's, in a 200
    ("response-error-pascal", {"Response": {"Error": {"Code": "AuthFailure.SignatureFailure",
                                                      "Message": "请求签名验证失败，请检查您的签名计算是否正确。"},
                                            "RequestId": "e309bc93-1f00-4e56-abb4-2c5879cdbbc7"}},
     ErrorKind.UNAUTHENTICATED, False),
    # github.com/vijaypatoliya/pinterest-node-api/issues/20: JSend's cousin, "failure"
    ("status-failure", {"code": 2, "message": "Authentication failed.", "status": "failure"},
     ErrorKind.UNAUTHENTICATED, False),
    # github.com/hsliuping/TradingAgents-CN/issues/170: OpenAI's shape, DashScope's codes
    ("openai-shape-own-codes", {"error": {"code": "Arrearage", "param": None,
                                          "message": "Access denied, please make sure your"
                                          " account is in good standing.", "type": "Arrearage"},
                                "id": "chatcmpl-f9fdb027-830c-9e05-8366-ce479a878825",
                                "request_id": "f9fdb027-830c-9e05-8366-ce479a878825"},
     ErrorKind.PAYMENT_REQUIRED, False),
    # github.com/ccxt/ccxt/issues/11671: Bybit's ret_code and ret_msg
    ("ret-code-and-msg", {"ret_code": 10003, "ret_msg": "invalid api_key", "ext_code": "",
                          "ext_info": "", "result": None, "time_now": "1643232324.67 0083"},
     ErrorKind.UNAUTHENTICATED, False),
    # github.com/amrrs/coinmarketcapr/issues/24: CoinMarketCap's status object
    ("status-object-error-code", {"status": {"timestamp": "2020-03-23T18:29:38.913Z",
                                             "error_code": 1002, "error_message": "API key"
                                             " missing.", "elapsed": 0, "credit_count": 0}},
     ErrorKind.UNAUTHENTICATED, False),
    # github.com/HuobiRDCenter/huobi_Golang/issues/4: Huobi's (HTX's) err-code, err-msg
    ("status-error-err-msg", {"status": "error", "err-code": "api-signature-not-valid",
                              "err-msg": "Signature not valid: Verification failure [校验失败]",
                              "data": None}, ErrorKind.UNAUTHENTICATED, False),
    # github.com/HypixelDev/PublicAPI/issues/229: success false, and why
    ("unsuccessful-cause", {"success": False, "cause": "Invalid API key"},
     ErrorKind.UNAUTHENTICATED, False),
    # github.com/splunk/splunk-operator/issues/372: Splunk's HTTP Event Collector
    ("coded-text", {"text": "Invalid token", "code": 4}, ErrorKind.UNAUTHENTICATED, False),
    # github.com/fhirbase/fhirbase-plv8/issues/62: HL7 FHIR's OperationOutcome
    ("fhir-operation-outcome", {"resourceType": "OperationOutcome", "issue": [
        {"severity": "error", "code": "not-found", "details": {"coding": [
            {"code": "MSG_NO_EXIST", "display": "Resource Id \"%s\" does not exist"}]},
         "diagnostics": "Resource Id \"ishop\" does not exist"}]},
     ErrorKind.NOT_FOUND, False),
    # github.com/surrealdb/surrealdb/issues/74: SurrealDB's "ERR" and its detail
    ("status-err-detail", {"time": "168.721µs", "status": "ERR", "detail": "Database index"
                           " `national_id_idx` already contains `foo:4vgq4l8u4y211c3ekgn9`"},
     ErrorKind.CONFLICT, False),
    # github.com/centerzx/UploadApkPlugin/issues/4: Feishu's code of its own, and words
    ("code-and-msg-worded", {"code": 19002, "data": {}, "msg": "params error, msg_type need"},
     ErrorKind.INVALID_INPUT, False),
    # github.com/CartoDB/cartodb/issues/6829: Esri's 499, a status HTTP does not name
    ("error-object-unnamed-status", {"error": {"code": 499, "message": "Token Required",
                                               "details": []}},
     ErrorKind.UNAUTHENTICATED, False),
    # the sixth set's (tests/corpus/elsewhere says where each was found): Baidu's
    # error_code and error_msg, Alibaba Cloud's Code and Message beside a RequestId
    ("error-code-and-msg", {"error_code": 18, "error_msg": "Open api qps request limit"
                            " reached"}, ErrorKind.RATE_LIMITED, True),
    ("pascal-code-request-id", {"RequestId": "6A75109D", "HostId": "alidns.aliyuncs.com",
                                "Code": "Forbidden.RAM", "Message": "User not authorized to"
                                " operate on the specified resource."},
     ErrorKind.PERMISSION_DENIED, False),
    # SiliconFlow's number beside a data (a code Discord documents too), Mercado Libre's
    # use_tool-like error with a status
    ("code-message-data", {"code": 20012, "message": "Model does not exist. Please check it"
                           " carefully.", "data": None}, ErrorKind.NOT_FOUND, False),
    ("error-word-and-status", {"message": "invalid_token", "cause": [], "error": "not_found",
                               "status": 401}, ErrorKind.UNAUTHENTICATED, False),
    # OpenStack's one member named for the fault, and UPS's response around coded errors
    ("named-fault", {"forbidden": {"code": 403, "message": "Quota exceeded for instances:"
                                   " Requested 1, but already used 10 of 10 instances"}},
     ErrorKind.PAYMENT_REQUIRED, False),
    ("response-wrapper", {"response": {"errors": [{"code": "TV1002", "message": "Invalid"
                                                   " inquiry number"}]}},
     ErrorKind.INVALID_INPUT, False),
    # the seventh set's: Alipay's code in digits beside msg, Daraja's errorCode and
    # errorMessage, Bitstamp's response_code of a status and a code of its own
    ("digits-code-and-msg", {"code": "40006", "msg": "Insufficient Permissions",
                             "sub_code": "isv.insufficient-isv-permissions"},
     ErrorKind.PERMISSION_DENIED, False),
    ("error-code-and-error-message", {"requestId": "9458-79414631-1", "errorCode":
                                      "400.002.02", "errorMessage": "Bad Request - Invalid"
                                      " PhoneNumber"}, ErrorKind.INVALID_INPUT, False),
    ("jsend-response-code", {"status": "error", "reason": "Price is more than 80% below the"
                             " market price.", "response_code": "400.021"},
     ErrorKind.INVALID_INPUT, False),
    # a numeric code beside words of an error: Alpaca's, and the tenth set's Poloniex's
    ("numeric-code-and-words", {"code": 40010000, "message": "request body format is"
                                " invalid"}, ErrorKind.INVALID_INPUT, False),
    ("numeric-code-and-balance", {"code": 21709, "message": "Low available balance"},
     ErrorKind.PAYMENT_REQUIRED, False),
    # the ninth set's: Shopify REST's errors as a text, Airtable's errors coded by
    # `error`, WebHDFS's one member named for the exception, Helicone's error text
    ("errors-text", {"errors": "Exceeded 4 calls per second for api client. Reduce request"
                     " rates to resume uninterrupted service."}, ErrorKind.RATE_LIMITED, True),
    ("errors-coded-by-error", {"errors": [{"error": "RATE_LIMIT_REACHED", "message": "Rate"
                                           " limit exceeded. Please try again later"}]},
     ErrorKind.RATE_LIMITED, True),
    ("named-exception", {"RemoteException": {"message": "Permission denied: user=username,"
                                             " access=WRITE, inode=\"/\":hdfs:supergroup:drwxr"
                                             "-xr-x", "exception": "AccessControlException",
                                             "javaClassName": "org.apache.hadoop.security."
                                             "AccessControlException"}},
     ErrorKind.PERMISSION_DENIED, False),
    ("error-text-and-trace", {"error": "No API key found", "trace": "isAuthenticated.error"},
     ErrorKind.UNAUTHENTICATED, False),
    # the tenth set's: a JSend result, a typed error's message, a member named for an
    # error holding a text, an error list of msg
    ("result-error", {"result": "error", "reason": "OrderNotFound", "message": "Order 68053334"
                      " not found"}, ErrorKind.NOT_FOUND, False),  # the Gemini exchange's
    ("result-error-code-msg", {"code": "BAD_REQUEST", "msg": "User not authorized for this"
                               " query", "result": "error"}, ErrorKind.PERMISSION_DENIED,
     False),  # Zulip's: the generic code says less than the words
    ("typed-error-message", {"code": "request_failed", "message": "authentication Failed",
                             "type": "authentication_error"}, ErrorKind.UNAUTHENTICATED,
     False),  # Cashfree's
    ("named-error-text", {"Error Message": "Invalid API KEY. Please retry or visit our"
                          " documentation to create one FREE"}, ErrorKind.UNAUTHENTICATED,
     False),  # Financial Modeling Prep's
    ("error-list-of-msg", {"meta": {"id": "bcbf11d2", "ms": 0}, "data": None, "error": [
        {"code": 1, "msg": "Missing q parameter", "ref": None}]}, ErrorKind.INVALID_INPUT,
     False),  # Kagi's
    # the twenty-third set's: SAP Customer Data Cloud's (Gigya's) status and errorMessage
    # (hacf-fr/renault-api, tests/fixtures/gigya/error/login.403042.json)
    ("status-code-and-error-message", {"callId": "callId", "errorCode": 403042,
     "errorDetails": "invalid loginID or password", "errorMessage": "Invalid LoginID",
     "apiVersion": 2, "statusCode": 403, "statusReason": "Forbidden",
     "time": "2020-11-17T08:22:36.561Z"}, ErrorKind.UNAUTHENTICATED, False),
]  # fmt: skip
IDS = [case[0] for case in CONVENTIONS]


@pytest.mark.parametrize(("name", "body", "kind", "retryable"), CONVENTIONS, ids=IDS)
def test_a_convention_is_read_by_its_fields_and_names_no_system(
    name: str, body: dict[str, Any], kind: ErrorKind, retryable: bool | None
) -> None:
    """Read as an error, by parse and error_of alike, with its kind and advice, and with
    no vendor: it is no one system's."""
    error = error_of(body)
    assert error is not None
    assert (error.kind, error.retryable, error.vendor) == (kind, retryable, None)
    assert parse(body) == error


@pytest.mark.parametrize(("name", "body", "kind", "retryable"), CONVENTIONS, ids=IDS)
def test_no_built_in_claim_names_its_system_on_a_convention(
    name: str, body: dict[str, Any], kind: ErrorKind, retryable: bool | None
) -> None:
    """A claim names a system only on a mark that system documents: every built-in
    source's claim, asked on its own and not only in rank order, either does not take
    a convention's body, or its reader refuses it, or names no system."""
    asked = 0
    for claim in CLAIMS:
        owner = OWNERS[id(claim)]
        if owner not in BUILT_IN or claim.anchor not in body or not callable(claim.reader):
            continue
        asked += 1
        if not claim.holds(body, True):
            continue
        try:
            error = claim.reader(dict(body), False, "")
        except ShapeError:
            continue  # not its shape: the generic reader reads it
        assert error.vendor != owner, f"claim {claim.rank} on {claim.anchor!r} names {owner}"
    assert asked or name in {
        "nestjs-no-error", "jsend-error", "errors-texts", "code-and-msg", "fastapi-validation",
        "detail-object", "not-ok-result", "not-ok-rate-limit", "status-code-and-txt",
        "status-code-in-digits", "status-object-code", "response-error-pascal",
        "ret-code-and-msg", "status-object-error-code", "status-error-err-msg",
        "unsuccessful-cause", "coded-text", "fhir-operation-outcome", "status-err-detail",
        "error-code-and-msg", "pascal-code-request-id", "named-fault", "response-wrapper",
        "digits-code-and-msg", "error-code-and-error-message", "jsend-response-code",
        "named-exception", "result-error", "result-error-code-msg", "named-error-text",
        "numeric-code-and-words", "numeric-code-and-balance",
    }  # fmt: skip


def test_a_strict_reading_refuses_a_convention() -> None:
    """No source documents a convention's body: strictly, it is refused, and says where."""
    with pytest.raises(ShapeError, match="unknown code -2010") as caught:
        parse({"code": -2010, "msg": "Account has insufficient balance."}, strict=True)
    assert caught.value.where == "/code"
    with pytest.raises(ShapeError, match="a convention no source documents"):
        parse({"statusCode": 404, "error": "Not Found", "message": "Not here"}, strict=True)


def test_an_empty_answer_of_the_etherscan_family_is_no_error() -> None:
    """``"status": "0"`` with a message other than NOTOK is an answer with nothing in
    it (docs.etherscan.io: "No transactions found"), and NOTOK reads only in its shape."""
    assert error_of({"status": "0", "message": "No transactions found", "result": []}) is None
    assert error_of({"status": "1", "message": "NOTOK", "result": "Max rate limit reached"}) is None


def test_a_bare_400_lets_the_message_say_more_and_a_code_beats_the_status() -> None:
    """The more specific of the status the body gives and its message decides: a bare 400's
    message may say more, a 404 says more than words of bad input ("invalid id"); a code
    that says what happened decides first."""
    vault = from_http(400, {}, {"errors": ["permission denied"]})
    assert (vault.kind, vault.retryable, vault.vendor) == (
        ErrorKind.PERMISSION_DENIED, False, None,
    )  # fmt: skip
    boom = parse({"statusCode": 404, "error": "Not Found", "message": "invalid id"})
    assert (boom.kind, boom.status_code, boom.code) == (ErrorKind.NOT_FOUND, 404, None)
    coded = parse({"error": {"message": "Gone", "code": "rate_limited", "status": 404}})
    assert (coded.kind, coded.retryable, coded.code) == (
        ErrorKind.RATE_LIMITED,
        True,
        "rate_limited",
    )
    nest = parse({"statusCode": 400, "message": ["a must be set", "b must be set"],
                  "error": "Bad Request"})  # fmt: skip
    assert nest.message == "a must be set; b must be set"


def test_a_success_in_a_convention_is_no_error() -> None:
    """An empty error list, JSend's success and a code of zero mark no error."""
    for body in (
        {"error": [], "result": {"XXBTZUSD": {}}},
        {"status": "success", "data": {"userId": "a"}},
        {"code": 0, "msg": "success"},
        {"errors": []},
        {"detail": "Order 42 shipped"},  # a detail that says no error
        {"detail": "Not Found", "id": 7},  # not alone: a record's field
        {"message": "Hello"},
        {"message": "Found 401 users"},  # a count, not a status
        {"message": "3 option(s) deleted. 1 option(s) not found."},  # a report
    ):
        assert error_of(body) is None


@pytest.mark.parametrize(
    ("body", "kind"),
    [
        ({"detail": "Not Found"}, ErrorKind.NOT_FOUND),  # FastAPI's 404
        ({"message": "Not Found", "errorCode": 40400}, ErrorKind.NOT_FOUND),  # Obsidian's
    ],
)
def test_a_lone_text_that_names_an_error_is_read_only_when_one_is_asked_for(
    body: dict[str, Any], kind: ErrorKind
) -> None:
    """A lone ``detail`` or ``message`` that names a status or a failure an answer may
    name too: parse reads it; as a tool's result it may be a record's (a note whose
    detail is "Not found"), as the text alone would be."""
    error = parse(body)
    assert (error.kind, error.retryable, error.vendor) == (kind, False, None)
    assert error_of(body) is None


def test_the_status_again_in_digits_is_no_code() -> None:
    """LiteLLM's proxy repeats the status as its ``code``: the ``type`` beside it is the
    code, and a spent budget is billing, though a 429 carries it
    (github.com/BerriAI/litellm/issues/36729)."""
    body = {"error": {"message": "Budget has been exceeded! Current cost: 10.51, Max budget:"
                      " 10.00", "type": "budget_exceeded", "code": "429"}}  # fmt: skip
    error = from_http(429, {}, body)
    assert (error.kind, error.retryable, error.code) == (
        ErrorKind.PAYMENT_REQUIRED,
        False,
        "budget_exceeded",
    )
    assert error.vendor is None


def test_tencent_cloud_s_success_is_no_error() -> None:
    """A ``Response`` with no ``Error`` in it is an answer."""
    body = {"Response": {"TotalCount": 0, "InstanceStatusSet": [], "RequestId": "b5b41468"}}
    assert error_of(body) is None


def test_a_success_of_these_conventions_is_no_error() -> None:
    """Each convention's success: a ``ret_code`` of 0, a status object's ``error_code`` of
    0 with a null message."""
    assert error_of({"ret_code": 0, "ret_msg": "OK", "result": {}}) is None
    status = {"timestamp": "2020-03-23T18:29:38.913Z", "error_code": 0, "error_message": None}
    assert error_of({"status": status, "data": {}}) is None


def test_the_successes_of_the_flag_conventions_are_no_error() -> None:
    """Splunk's success (``code`` 0), a ``success: true`` with a cause, a FHIR outcome
    that only informs."""
    assert error_of({"text": "Success", "code": 0}) is None
    assert error_of({"success": True, "cause": "cached"}) is None
    informs = {"resourceType": "OperationOutcome",
               "issue": [{"severity": "information", "code": "informational"}]}  # fmt: skip
    assert error_of(informs) is None


def test_a_job_s_failed_state_is_a_record_not_an_error() -> None:
    """JSend's ``status`` says a response failed; a job's ``failed`` is its state."""
    assert error_of({"status": "failed", "message": "Job failed: out of memory"}) is None
    assert error_of({"status": "ok", "message": "fine"}) is None


def test_a_failing_code_alone_names_no_azure_error() -> None:
    """Volcengine's ``AccountOverdueError`` with a 403 ends as Azure's failing codes do,
    but carries no member of Microsoft's error object: read by its words, no system's
    (github.com/coze-dev/coze-studio/issues/2195); Feishu's success is none."""
    body = {
        "code": "AccountOverdueError",
        "message": "The request failed because your account has an overdue balance.",
        "param": "",
        "type": "Forbidden",
        "request_id": "20250917031941000049CCD20589BB8F4A",
    }
    error = from_http(403, {}, body)
    assert (error.kind, error.retryable) == (ErrorKind.PAYMENT_REQUIRED, False)
    assert error.vendor not in BUILT_IN
    assert error_of({"code": 0, "data": {}, "msg": "success"}) is None


def test_a_code_that_spells_a_status_is_that_status_weighed_against_the_words() -> None:
    """``PRECONDITION_FAILED`` says no more than a 412: the message's words are weighed
    against it, and name billing (Fireworks' suspended account); ``NOT_FOUND`` beside
    words of bad input is still the 404 it spells (Saleor's)."""
    suspended = {
        "error": {
            "message": "Account x is suspended, possibly due to reaching the monthly spending"
            " limit or failure to pay past invoices.",
            "param": None,
            "code": "PRECONDITION_FAILED",
            "type": "error",
        }
    }
    error = from_http(412, {}, suspended)
    assert (error.kind, error.retryable, error.vendor) == (
        ErrorKind.PAYMENT_REQUIRED,
        False,
        None,
    )
    missing = parse({"errors": [{"code": "NOT_FOUND", "message": "Invalid node id"}]})
    assert missing.kind is ErrorKind.NOT_FOUND


@pytest.mark.parametrize(
    ("body", "kind"),
    [
        ({"label": "INVALID_SIGNATURE", "message": "Signature mismatch"},  # Gate.io's
         ErrorKind.UNAUTHENTICATED),
        ({"message": "Your rate limit is 100 requests a minute"}, ErrorKind.RATE_LIMITED),
    ],
)  # fmt: skip
def test_a_pair_a_record_may_be_is_read_when_an_error_is_asked_for(
    body: dict[str, Any], kind: ErrorKind
) -> None:
    """A numeric code, a label in capitals or a message alone beside words of an error is
    an error when one is asked for (``parse``), and a tool's result as it is otherwise."""
    assert parse(body).kind is kind
    assert error_of(body) is None


@pytest.mark.parametrize(
    ("body", "kind"),
    [
        ({"message": "Not Authorized - Invalid Token"}, ErrorKind.UNAUTHENTICATED),  # Mapbox
        ({"detail": "Authentication credentials were not provided."},  # Flagsmith's DRF
         ErrorKind.UNAUTHENTICATED),
        ({"message": "You must sign in order to use Unleash"}, ErrorKind.UNAUTHENTICATED),
        ({"detail": "Not authenticated"}, ErrorKind.UNAUTHENTICATED),  # FastAPI's OAuth2
        ({"message": "401 Unauthorized"}, ErrorKind.UNAUTHENTICATED),  # GitLab's
    ],
)  # fmt: skip
def test_a_message_alone_that_states_an_error_is_one(body: dict[str, Any], kind: ErrorKind) -> None:
    """A ``message`` or ``detail`` alone is read as its text alone is: an error where the
    text states one (`toolerrors.error_of` on the text), the same error ``parse`` reads."""
    error = error_of(body)
    assert error is not None
    assert (error.kind, error.vendor) == (kind, None)
    assert error == parse(body)
    assert error_of(body[next(iter(body))]) is not None


def test_a_numeric_code_of_success_or_no_words_is_no_error() -> None:
    """A numeric code is an error's only when it is no success's (0, an HTTP status of
    success) and its message's words say one."""
    assert error_of({"code": 0, "message": "Invalid attempts reset"}) is None
    assert error_of({"code": 200, "message": "Rate limit raised to 100"}) is None
    assert error_of({"code": 12, "message": "Welcome back, Ana"}) is None


def test_a_records_member_named_for_its_last_error_is_no_error() -> None:
    """Only a member whose name is an error's and nothing more holds an error's text."""
    assert error_of({"last_error": "timeout"}) is None
    assert error_of({"error_count": "3"}) is None


def test_a_catch_all_code_or_a_fault_gives_way_to_the_words_beside_it() -> None:
    """A code that names no situation decides nothing against a status that names none
    either, and one that says only a fault gives way to its message: the words decide
    (Teller's documented 400 and HeyGen's, both in tests/corpus/elsewhere)."""
    teller = {"error": {"code": "bad_request", "message": "Missing certificate: Retry request"
                        " using your Teller client certificate."}}  # fmt: skip
    assert from_http(400, {}, teller).kind is ErrorKind.UNAUTHENTICATED
    assert from_http(403, {}, teller).kind is ErrorKind.PERMISSION_DENIED  # specific status
    heygen = {"error": {"code": "internal_error", "message": "This avatar does not support"
                        " unlimited mode. Please use a different avatar."}}  # fmt: skip
    assert from_http(400, {}, heygen).kind is ErrorKind.UNSUPPORTED


def test_the_rest_guidelines_error_object_names_no_system() -> None:
    """``target`` and ``details`` are the REST guidelines' that many APIs follow
    (SmartThings'); Graph is named on its ``innerError`` or a code it documents."""
    smartthings = {"requestId": "B8EFFE9C", "error": {
        "code": "ConstraintViolationError", "message": "The request is malformed.",
        "details": [{"code": "NotValidValue", "target": "capability",
                     "message": "healthCheck is not a valid value.", "details": []}]}}  # fmt: skip
    error = from_http(422, {}, smartthings)
    assert (error.kind, error.vendor) == (ErrorKind.INVALID_INPUT, None)
    graph = {"error": {**smartthings["error"], "innerError": {"request-id": "f53b8a98"}}}
    assert from_http(422, {}, graph).vendor == "msgraph"


def test_a_quota_with_no_word_of_money_sent_with_429_is_a_rate() -> None:
    """Amazon SP-API's usage plans answer 429 ``QuotaExceeded``: a rate, retried after a
    wait; a quota beside words of billing or of a month is spent, whatever the status."""
    spapi = {"errors": [{"message": "You exceeded your quota for the requested resource.",
                         "code": "QuotaExceeded"}]}  # fmt: skip
    error = from_http(429, {}, spapi)
    assert (error.kind, error.retryable) == (ErrorKind.RATE_LIMITED, True)
    spent = {"errors": [{"message": "You exceeded your current quota, please check your plan"
                         " and billing details.", "code": "QuotaExceeded"}]}  # fmt: skip
    assert from_http(429, {}, spent).kind is ErrorKind.PAYMENT_REQUIRED
    monthly = {"errors": [{"message": "Monthly quota exceeded.", "code": "QuotaExceeded"}]}
    assert from_http(429, {}, monthly).kind is ErrorKind.PAYMENT_REQUIRED
    assert from_http(403, {}, spapi).kind is ErrorKind.PAYMENT_REQUIRED


def test_a_fault_whose_server_invites_a_retry_may_be_retried() -> None:
    """A 500 whose words ask to try again (Amazon SP-API's) may be retried; one that
    says nothing of it stays unsaid, and one that says not to, not retried."""
    invited = {"errors": [{"code": "InternalFailure",
                           "message": "We encountered an internal error. Please try again."}]}  # fmt: skip
    assert (from_http(500, {}, invited).kind, from_http(500, {}, invited).retryable) == (
        ErrorKind.INTERNAL,
        True,
    )
    silent = {"errors": [{"code": "InternalFailure", "message": "An internal error."}]}
    assert from_http(500, {}, silent).retryable is None
    refused = {"errors": [{"code": "InternalFailure",
                           "message": "An internal error. Please do not retry."}]}  # fmt: skip
    assert from_http(500, {}, refused).retryable is not True


def test_a_status_object_that_failed_holds_the_error() -> None:
    """A ``status`` object whose own status failed (Rapyd's) or that says it was no
    success (dbt Cloud's) holds the error, read by its code and words; Rapyd's success,
    with the same members, is none."""
    rapyd = {"status": {"error_code": "ERROR_CREATE_PAYMENT_INSUFFICIENT_FUNDS",
                        "status": "ERROR", "message": "The request tried to create a payment,"
                        " but there were insufficient funds for the transaction.",
                        "operation_id": "c9ef7f0c"}}  # fmt: skip
    assert error_of(rapyd).kind is ErrorKind.PAYMENT_REQUIRED
    ok = {"status": {"error_code": "", "status": "SUCCESS", "message": "", "operation_id": "1"}}
    assert error_of(ok) is None
    dbt = {"status": {"code": 401, "is_success": False,
                      "user_message": "The API is not accessible to unpaid accounts.",
                      "developer_message": None}, "data": None}  # fmt: skip
    error = from_http(401, {}, dbt)
    assert (error.kind, error.message) == (
        ErrorKind.PAYMENT_REQUIRED,
        dbt["status"]["user_message"],
    )
    assert error_of({"status": {"code": 200, "is_success": True, "user_message": "Ok"}}) is None
    # a status of another type is no failed status, and raises nothing (a list is no key)
    assert error_of({"status": {"status": ["ERROR"], "message": "Insufficient funds"}}) is None


@pytest.mark.parametrize(
    ("body", "kind", "retryable"),
    [
        # the twelfth set's (tests/corpus/elsewhere says where each was found): a
        # JavaScript Error serialized (Expo's server SDK's), an errors object (Modern
        # Treasury's), a text error_code (Databricks'), Apache Doris' Status
        ({"stack": "Error: Exceeded 600 notifications per second, please try again.\n    at"
          " Expo._getErrorFromResultError (ExpoClient.js:212:21)", "code": "TOO_MANY_REQUESTS",
          "message": "Exceeded 600 notifications per second, please try again."},
         ErrorKind.RATE_LIMITED, True),
        ({"errors": {"code": "resource_not_found", "message": "Resource not found",
                     "parameter": "id"}}, ErrorKind.NOT_FOUND, False),
        ({"error_code": "RESOURCE_EXHAUSTED", "message": "Too many requests. Please wait a"
          " moment and try again."}, ErrorKind.RATE_LIMITED, True),
        ({"TxnId": 2014, "Status": "Fail", "Message": "[DATA_QUALITY_ERROR]too many filtered"
          " rows", "NumberFilteredRows": 1}, ErrorKind.UNKNOWN, None),  # an error, of no kind
    ],
)  # fmt: skip
def test_more_shapes_of_an_error_read_by_their_words(
    body: dict[str, Any], kind: ErrorKind, retryable: bool | None
) -> None:
    error = error_of(body)
    assert error is not None
    assert (error.kind, error.retryable, error.vendor) == (kind, retryable, None)


def test_an_errors_list_of_no_known_shape_is_read_only_when_an_error_is_asked_for() -> None:
    """A list of error objects a tool may answer with is read when an error is asked
    for (Greenhouse's, with its rate limit's members; Couchbase's, whose ``retry`` flag
    is the server's own word), and is a result otherwise."""
    greenhouse = {"errors": [{"message": "Rate limit reached.", "limit": 100, "remaining": 0,
                              "resetAt": "2018-01-01T01:00:00Z"}]}  # fmt: skip
    assert (parse(greenhouse).kind, parse(greenhouse).retryable) == (ErrorKind.RATE_LIMITED, True)
    assert error_of(greenhouse) is None
    couchbase = {"requestID": "f8f2", "results": [], "status": "timeout",
                 "errors": [{"code": 1080, "msg": "Timeout 1ms exceeded", "retry": True}]}  # fmt: skip
    error = parse(couchbase)
    assert (error.kind, error.retryable) == (ErrorKind.UNKNOWN_OUTCOME, True)
    assert (
        parse({**couchbase, "errors": [{**couchbase["errors"][0], "retry": False}]}).retryable
        is False
    )


def test_an_error_status_beside_a_message_is_read_by_both() -> None:
    """``{status: <error status>, message}``: the status, weighed against the words and
    any status the message states (Azure MCP's 500 that wraps a 403); a status of
    success is no error."""
    azure = {"status": 500, "message": "Error retrieving Search index details: Service request"
             " failed.\r\nStatus: 403 (Forbidden)\r\n\r\nHeaders:\r\nTransfer-Encoding: chunked"}  # fmt: skip
    error = error_of(azure)
    assert error is not None
    assert (error.kind, error.status_code) == (ErrorKind.PERMISSION_DENIED, 500)
    assert error_of({"status": 200, "message": "Forbidden words removed"}) is None


def test_a_data_member_that_holds_a_failed_status_is_read() -> None:
    """A body whose one member ``data`` holds a JSend-style failure (Expo's push ticket)
    is an error; one that holds a record is not."""
    ticket = {"data": {"status": "error", "message": '"ExponentPushToken[REDACTED]" is not a'
              " registered push notification recipient", "details": {"error": "DeviceNotRegistered"}}}  # fmt: skip
    assert error_of(ticket) is not None
    assert error_of({"data": {"status": "ok", "id": "XXXX-XXXX"}}) is None


@pytest.mark.parametrize(
    ("body", "kind"),
    [
        # the thirteenth set's: success false beside a list of coded errors (Marketo's),
        # a message and its details (Portainer's), a result union's error type (Vendure's)
        ({"requestId": "abc", "success": False,
          "errors": [{"code": "602", "message": "Access token expired"}]},
         ErrorKind.UNAUTHENTICATED),
        ({"message": "Invalid JWT token", "details": "Unauthorized"}, ErrorKind.UNAUTHENTICATED),
        ({"data": {"applyCouponCode": {"__typename": "CouponCodeLimitError",
                                       "errorCode": "COUPON_CODE_LIMIT_ERROR",
                                       "message": "Coupon code cannot be used more than once"
                                       " per customer", "limit": 1}}}, ErrorKind.INVALID_INPUT),
        ({"result": {"type": "error", "error": "Meraki API rate limit reached.",
                     "recovery_suggestion": "Try again shortly."}}, ErrorKind.RATE_LIMITED),
    ],
)  # fmt: skip
def test_the_thirteenth_sets_shapes(body: dict[str, Any], kind: ErrorKind) -> None:
    error = error_of(body)
    assert error is not None
    assert (error.kind, error.vendor) == (kind, None)


def test_a_message_and_details_that_say_nothing_are_a_record() -> None:
    assert error_of({"message": "Saved", "details": "3 rows"}) is None
    assert error_of({"data": {"order": {"__typename": "Order", "message": "Thanks"}}}) is None


@pytest.mark.parametrize(
    ("code", "kind", "retryable"),
    [
        # FHIR's IssueType value set (hl7.org/fhir/valueset-issue-type.html)
        ("transient", ErrorKind.UNAVAILABLE, True),
        ("throttled", ErrorKind.RATE_LIMITED, True),
        ("lock-error", ErrorKind.CONFLICT, True),
        ("multiple-matches", ErrorKind.AMBIGUOUS, False),
        ("login", ErrorKind.UNAUTHENTICATED, False),
        ("suppressed", ErrorKind.PERMISSION_DENIED, False),
        ("too-costly", ErrorKind.TOO_LARGE, False),
        ("business-rule", ErrorKind.INVALID_INPUT, False),
        ("timeout", ErrorKind.UNKNOWN_OUTCOME, None),
    ],
)
def test_a_fhir_issue_is_read_by_its_issue_type(
    code: str, kind: ErrorKind, retryable: bool | None
) -> None:
    """An OperationOutcome's failing issue is read by its IssueType code, whatever its
    text says; ``processing`` names no situation, and its words decide (HAPI FHIR's)."""
    outcome = {"resourceType": "OperationOutcome",
               "issue": [{"severity": "error", "code": code, "diagnostics": "Not found"}]}  # fmt: skip
    error = error_of(outcome)
    assert error is not None
    assert (error.kind, error.retryable, error.code) == (kind, retryable, code)


def test_a_fhir_issue_of_no_situation_is_read_by_its_words() -> None:
    """``processing`` names no situation: the issue's words decide (HAPI FHIR sends it
    for most errors)."""
    processing = {"resourceType": "OperationOutcome",
                  "issue": [{"severity": "error", "code": "processing",
                             "diagnostics": "Resource Patient/12 is not found"}]}  # fmt: skip
    error = error_of(processing)
    assert error is not None
    assert (error.kind, error.code) == (ErrorKind.NOT_FOUND, "processing")


def test_a_fhir_exception_whose_words_say_nothing_is_internal() -> None:
    """FHIR's ``exception`` is "an unexpected internal error": its words decide where they
    say something (LinuxForHealth FHIR's "Server Side Error for Batch Framework" does
    not), else it is internal with retry advice unsaid."""
    issue = {"severity": "error", "code": "exception",
             "diagnostics": "Server Side Error for Batch Framework"}  # fmt: skip
    error = error_of({"resourceType": "OperationOutcome", "issue": [issue]})
    assert error is not None
    assert (error.kind, error.retryable) == (ErrorKind.INTERNAL, None)
    said = {**issue, "diagnostics": "Database connection refused"}
    error = error_of({"resourceType": "OperationOutcome", "issue": [said]})
    assert error is not None
    assert (error.kind, error.retryable) == (ErrorKind.UNAVAILABLE, True)


def test_an_error_code_that_is_an_http_status_is_read_as_one() -> None:
    """Diffbot's ``{"error": "Could not download page (404)", "errorCode": 404}``."""
    error = error_of({"error": "Could not download page (404)", "errorCode": 404})
    assert error is not None
    assert (error.kind, error.retryable, error.status_code) == (ErrorKind.NOT_FOUND, False, 404)


@pytest.mark.parametrize(
    ("body", "kind", "code"),
    [
        # Moodle's web services (github.com/dualcube/moodle-enrol_stripepayment/issues/120,
        # github.com/catalyst/moodle-auth_userkey/issues/90 and /66)
        ({"exception": "moodle_exception", "errorcode": "invalidtoken",
          "message": "Invalid token - token not found"}, ErrorKind.UNAUTHENTICATED,
         "invalidtoken"),
        ({"exception": "webservice_access_exception", "errorcode": "accessexception",
          "message": "Access control exception (You are not allowed to use the rest protocol"
          " (missing capability: webservice/rest:use))", "debuginfo": "You are not allowed to"
          " use the rest protocol (missing capability: webservice/rest:use)"},
         ErrorKind.PERMISSION_DENIED, "accessexception"),
        ({"exception": "invalid_parameter_exception", "errorcode": "invalidparameter",
          "message": "E' stato rilevato un parametro non valido"}, ErrorKind.INVALID_INPUT,
         "invalidparameter"),
        # Laravel's debug body: the exception's name says what its message does not
        ({"message": "No query results for model [App\\User] 5",
          "exception": "Symfony\\Component\\HttpKernel\\Exception\\NotFoundHttpException",
          "file": "/app/vendor/laravel/framework/src/Illuminate/Foundation/Exceptions/"
          "Handler.php", "line": 385, "trace": []}, ErrorKind.NOT_FOUND,
         "NotFoundHttpException"),
    ],
)  # fmt: skip
def test_an_exception_named_beside_its_message_is_read_by_its_code_and_words(
    body: dict[str, Any], kind: ErrorKind, code: str
) -> None:
    """A server's exception named as a text ``exception`` beside its ``message`` is an
    error, read by its ``errorcode`` or its name, and the words of both."""
    error = error_of(body)
    assert error is not None
    assert (error.kind, error.retryable, error.vendor, error.code) == (kind, False, None, code)
    assert error_of({"exception": "none", "message": "All good"}) is None  # not a class name


@pytest.mark.parametrize(
    ("body", "kind", "retryable", "code"),
    [
        # JSend's "error" is the server's fault, "fail" the caller's data, where no word
        # says more (Dataverse's, github.com/IQSS/dataverse/issues/4692)
        ({"status": "ERROR", "message": "Command edu.harvard.iq.dataverse.engine.command"
          ".impl.GetLatestAccessibleDatasetVersionCommand@3320cf09 failed: null"},
         ErrorKind.INTERNAL, None, None),
        ({"status": "fail", "message": "x"}, ErrorKind.INVALID_INPUT, False, None),
        ({"status": "error", "message": "User not found"}, ErrorKind.NOT_FOUND, False, None),
        # type "error" with a code and a description (YooKassa's, github.com/danuk/shm/
        # issues/17)
        ({"type": "error", "id": "b7603c01-c041-43af-91d0-248663d9d4f0",
          "code": "invalid_request", "description": "Invalid parameter's value (for example,"
          " the value is illegal or its format is incorrect).",
          "parameter": "receipt.items.payment_subject"}, ErrorKind.INVALID_INPUT, False,
         "invalid_request"),
        # an errorCode beside a description (QIWI's payments docs)
        ({"serviceName": "payin-core", "errorCode": "payin.resource.not.found",
          "userMessage": "Resource not found", "description": "Resource not found",
          "traceId": "c3564ba25e221fe3"}, ErrorKind.NOT_FOUND, False,
         "payin.resource.not.found"),
    ],
)  # fmt: skip
def test_jsend_a_typed_error_and_an_error_code_are_read_by_their_words(
    body: dict[str, Any], kind: ErrorKind, retryable: bool | None, code: str | None
) -> None:
    error = error_of(body)
    assert error is not None
    assert (error.kind, error.retryable, error.vendor, error.code) == (
        kind, retryable, None, code
    )  # fmt: skip
    assert error == parse(body)


def test_a_status_object_with_a_message_and_a_nonzero_value_is_an_error() -> None:
    """GeoNames' documented exception, ``{"status": {"message", "value"}}``
    (github.com/2Abendsegler/GClh/issues/1876): its hourly credits are a rate; a value
    of zero says nothing failed."""
    body = {
        "status": {
            "message": "the hourly limit of 1000 credits for gclh has been exceeded. Please"
            " throttle your requests or use the commercial service.",
            "value": 19,
        }
    }
    error = error_of(body)
    assert error is not None
    assert (error.kind, error.retryable, error.vendor) == (ErrorKind.RATE_LIMITED, True, None)
    assert error_of({"status": {"message": "ok", "value": 0}}) is None


@pytest.mark.parametrize(
    ("status", "body", "kind", "retryable", "code"),
    [
        # Postal's legacy API answers 200 with JSend's status and its error in data
        # (postalserver/postal, app/controllers/legacy_api/base_controller.rb)
        (200, {"status": "error", "time": 0.003, "flags": {},
               "data": {"code": "ServerSuspended"}}, ErrorKind.PAUSED, False,
         "ServerSuspended"),
        (200, {"status": "error", "time": 0.004, "flags": {},
               "data": {"message": "The API token provided in X-Server-API-Key was not"
                        " valid.", "token": "Kq3xYz0aBcD9eFgH",
                        "code": "InvalidServerAPIKey"}}, ErrorKind.UNAUTHENTICATED, False,
         "InvalidServerAPIKey"),
        # a JavaScript error serialized: TypeORM's (github.com/typeorm/typeorm/issues/1386)
        (400, {"message": "ER_DUP_ENTRY: Duplicate entry 'a@b.com' for key 'email'",
               "code": "ER_DUP_ENTRY", "errno": 1062, "name": "QueryFailedError"},
         ErrorKind.CONFLICT, False, "ER_DUP_ENTRY"),
        # a 500 whose fault asks to be tried again (censys-python's tests)
        (500, {"code": 500, "status": "Internal Server Error",
               "error": "An unexpected error occurred. Please try again later."},
         ErrorKind.INTERNAL, True, None),
        # a quota with no word of money, with a 429 and its rate-limit headers
        # (DNSimple's API v2 docs)
        (429, {"message": "quota exceeded"}, ErrorKind.RATE_LIMITED, True, "429"),
        # a scope's name that says "billing" is a scope, not money (DNSimple's fixture)
        (403, {"message": "Permission Denied. Required Scope: billing:*:read"},
         ErrorKind.PERMISSION_DENIED, False, "403"),
        (412, {"message": "The certificate requires the wildcard feature that is not"
               " available on the current plan for the account email@example.com"},
         ErrorKind.PAYMENT_REQUIRED, False, "412"),
    ],
)  # fmt: skip
def test_the_sixteenth_sets_bodies_are_read_by_their_conventions(
    status: int,
    body: dict[str, Any],
    kind: ErrorKind,
    retryable: bool | None,
    code: str | None,
) -> None:
    error = from_http(status, {"X-RateLimit-Remaining": "0"} if status == 429 else {}, body)
    assert (error.kind, error.retryable, error.code) == (kind, retryable, code)
    assert error.vendor in (None, "http")
    assert error_of({"name": "Ana", "message": "hello"}) is None  # a person, no error


def test_a_message_beside_only_a_request_id_is_read_as_the_message_alone() -> None:
    """Pirate Weather's ``{"message": "No API key found in request", "request_id"}``: a
    request's id or a time beside a message leaves it alone; any other key does not."""
    body = {"message": "No API key found in request", "request_id": "361d580c19d2e332"}
    error = error_of(body)
    assert error is not None
    assert (error.kind, error.retryable) == (ErrorKind.UNAUTHENTICATED, False)
    assert error_of({"message": "No API key found in request", "user": "ana"}) is None


def test_a_result_that_says_it_succeeded_holds_no_error() -> None:
    """Xweather's ``{"success": true, "error": {"code": "warn_no_data", ...}}`` is a
    note beside an answer; ``"success": false`` beside the same is an error."""
    note = {"code": "warn_no_data", "description": "Valid request. No results available."}
    assert error_of({"success": True, "error": note, "response": []}) is None
    error = error_of({"success": False, "error": "Invalid API key"})
    assert error is not None
    assert error.kind is ErrorKind.UNAUTHENTICATED


def test_an_errors_list_with_an_error_code_is_read_by_it() -> None:
    """Astra DB's Data API: ``{"errors": [{"message", "errorCode"}]}``."""
    body = {"errors": [{"message": "INVALID_ARGUMENT: Unknown namespace 'default_keyspace',"
                        " you must create it first.", "errorCode": "NAMESPACE_DOES_NOT_EXIST"}]}  # fmt: skip
    error = error_of(body)
    assert error is not None
    assert (error.kind, error.retryable, error.code) == (
        ErrorKind.NOT_FOUND, False, "NAMESPACE_DOES_NOT_EXIST"
    )  # fmt: skip


def test_an_error_name_beside_a_catch_all_status_decides() -> None:
    """Stack Exchange's 400 ``{"error_id": 502, "error_message": "Violation of backoff
    parameter", "error_name": "throttle_violation"}`` is a rate limit."""
    body = {"error_id": 502, "error_message": "Violation of backoff parameter",
            "error_name": "throttle_violation"}  # fmt: skip
    error = from_http(400, None, body)
    assert (error.kind, error.retryable) == (ErrorKind.RATE_LIMITED, True)


@pytest.mark.parametrize(
    ("body", "kind", "message"),
    [
        ({"errors": {"email": ["has already been taken"]}}, ErrorKind.CONFLICT,
         "email: has already been taken"),  # Rails'
        ({"message": "The media ids field is required when status is not present.",
          "errors": {"media_ids": ["The media ids field is required when status is not"
                                   " present."]}}, ErrorKind.INVALID_INPUT,
         "The media ids field is required when status is not present."),  # Pixelfed's
        ({"errors": {"name": ["is too short"]}}, ErrorKind.INVALID_INPUT, "name: is too short"),
    ],
)  # fmt: skip
def test_errors_listed_by_field_are_validation_errors(
    body: dict[str, Any], kind: ErrorKind, message: str
) -> None:
    """Rails' and Laravel's validation errors, each field's texts in a list: read by
    their words, else bad input; a record with other keys, or other values, is none."""
    error = error_of(body)
    assert error is not None
    assert (error.kind, error.retryable, error.message) == (kind, False, message)
    assert error_of({**body, "id": 7}) is None
    assert error_of({"errors": {"count": [3]}}) is None


def test_an_errors_name_beside_its_code_is_read_too() -> None:
    """Australia Post's ``{"errors": [{"code": "44003", "name":
    "DANGEROUS_GOODS_NOT_SUPPORTED_BY_PRODUCT_ERROR", "message"}]}``: the name says what
    the number does not."""
    item = {"code": "44003", "name": "DANGEROUS_GOODS_NOT_SUPPORTED_BY_PRODUCT_ERROR",
            "message": "The product T28S does not allow dangerous goods to be sent."}  # fmt: skip
    error = error_of({"errors": [item]})
    assert error is not None
    assert (error.kind, error.retryable, error.code) == (ErrorKind.UNSUPPORTED, False, "44003")


@pytest.mark.parametrize(
    ("status", "body", "kind", "retryable", "status_code"),
    [
        # ipgeolocation.io's SDK sample: a status of its own beside error_message
        (200, {"error_message": "IP-hostname lookup and user-agent parsing are not supported"
               " on your free subscription. These features are available to all paid"
               " subscriptions only", "error_status": 401},
         ErrorKind.PAYMENT_REQUIRED, False, 401),
        # Phabricator's Conduit (phacility/phabricator, ConduitAPIResponse): a call error
        (200, {"result": None, "error_code": "ERR-CONDUIT-CALL", "error_info": "API Method"
               " \"conduit.query\" does not define these parameters: 'status'."},
         ErrorKind.INVALID_INPUT, False, None),
        # ClouDNS' (lego's fixtures): a failed status beside its description
        (200, {"status": "Failed", "statusDescription":
               "Invalid authentication, incorrect user ID or password."},
         ErrorKind.UNAUTHENTICATED, False, None),
        # Taiga's (taiga-back, exceptions.py): Django REST framework's older _error_message
        (400, {"_error_message": "You have reached your current limit of memberships for"
               " private projects", "_error_type":
               "taiga.base.exceptions.NotEnoughSlotsForProject"},
         ErrorKind.PAYMENT_REQUIRED, False, 400),
    ],
)  # fmt: skip
def test_the_twenty_fifth_sets_conventions(
    status: int,
    body: dict[str, Any],
    kind: ErrorKind,
    retryable: bool | None,
    status_code: int | None,
) -> None:
    """Each read by its convention, naming no system; a 200 is no error status."""
    error = from_http(status, {}, body)
    assert (error.kind, error.retryable, error.status_code) == (kind, retryable, status_code)
    assert error.vendor in (None, "http")


def test_a_conduit_success_and_a_status_that_did_not_fail_hold_no_error() -> None:
    """Conduit's result with a null ``error_code``, a ``statusDescription`` beside a
    status of success, and an ``error_status`` that is no error status are no errors."""
    assert error_of({"result": {"id": 1}, "error_code": None, "error_info": None}) is None
    assert error_of({"status": "Success", "statusDescription": "The record was added."}) is None
    assert error_of({"error_status": 200, "error_message": "none"}) is None
