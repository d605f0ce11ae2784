"""Errors written as text: the marks that make a text an error, and what a text already
known to be an error says.

A text that is not JSON is a tool's normal output, not an error, however it is worded:
"no results found" is an answer.  Three kinds of text are different.

- **A text with a source's mark** (`Source.texts`) is an error wherever the mark stands:
  the TypeScript MCP SDK's ``McpError`` message, "MCP error -32603: ...", in a tool's
  text, an exception's ``str`` or a log line, reads as the JSON-RPC error it reports.
- **A text that begins with a known exception's qualified name** ("httpx.ReadTimeout:
  ...", "requests.exceptions.ConnectionError: ... (Caused by NewConnectionError(...))"),
  as a traceback's last line or a log prints one, is read as that class is read
  (`toolerrors.from_exception`'s table): a wrapper by the cause its text names.
- **A text that announces an error** at its start, as client libraries, SDKs and MCP
  servers word one ("Error: ...", "Search error (401): ...", "TypeError: fetch failed",
  "Error searching libraries: ..."), is an error when it comes alone (not inside a
  result that says it succeeded, such as an MCP result without ``isError``), and is
  read as a text known to be an error.  Words that merely start a text ("Error rate is
  low") are no announcement: the word must be followed by a colon, a status or a code.
  A log line's timestamp or a command line's cross before it is passed over; a class
  name with no "Error" in it ("ServiceUnavailable:"), a dotted code (Neo4j's
  "Neo.ClientError.Security.Unauthorized:"), ClickHouse's "Code: 516." or a Go
  package's prefix ("pq:") announce one only with words that say something failed; an
  HTML page or XML document is one only when its title or heading gives an error status
  or its root is an ``Error`` element (S3's), and is read by its text, not its tags.
- **A sentence alone that states an error** no answer is (a credential, a permission, a
  limit, a timeout, a size, a service down) with a verb of failure ("Monthly quota
  exceeded.", "You do not have access to this resource.") is one too; a sentence that
  only names a limit or a right ("Your rate limit is 100 a minute") is output.
- **A command's output that says it failed** on a later line, in the command's own
  words (`_COMMAND_SAYS`: git's "fatal: Authentication failed ...", curl's "curl: (56)"
  after its progress meter, pnpm's "ERR_PNPM_FETCH_404", Ansible's "fatal: [host]:
  FAILED! => {...}"), is read from that line on, as a text that announces an error.
  A log's levels in capitals, a recap that counts failures and a test run that passed
  are output.
- **A text already known to be an error** (an MCP result's text with ``isError: true``)
  is read for what it says: a mark first; else a JSON object embedded after a prefix
  ("Error: {...}", "Serper API error: 403 Forbidden - {...}"), read as any payload is,
  never more retryable than the text's own reading; that reading otherwise: its known
  words, else an HTTP status it states ("HTTP error 500", "Error 403", "status code
  429"), else ``internal`` with retry advice unsaid.
"""

from __future__ import annotations

import dataclasses
import re
from functools import cache
from typing import Any, Final

from . import _source
from ._classes import DB_API, EXCEPTIONS, Phase, Rule
from ._decide import CATCH_ALL, TRANSIENT, VAGUE, WORDS_UNDER, decide
from ._errors import ShapeError
from ._json import MAX_BYTES, load, python_literal
from ._kinds import ErrorKind
from ._source import TEXT_READERS, more_retryable
from ._table import of_status
from ._unified import UnifiedError, make, refill
from ._words import (
    camel_words,
    is_reason_phrase,
    outside_names,
    read_words,
    status_in_text,
    status_of_phrase,
    undone,
    wait_in_text,
)

__all__ = [
    "announced",
    "embedded",
    "error_in_text",
    "in_command_output",
    "marked",
    "readable",
    "stated",
    "with_coded_tail",
    "xml_error",
]

MAX_DEPTH: Final = 64
"""How deeply a JSON object embedded in a text may nest before it is not looked for."""
_TRIES: Final = 4
"""How many opening braces of a text are tried as the start of an embedded object."""
_FAILED: Final = "The tool call failed and said nothing more."
_UNKNOWN: Final = ErrorKind.UNKNOWN
_LOST: Final = ErrorKind.UNKNOWN_OUTCOME
_STATUS_OPENS: Final = r"[45]\d\d(?:\s+(?=[A-Z])|:\s)"
"""An HTTP error status opening a text, before a capitalised word or a colon ("402
Insufficient Balance", "429: ...")."""
_STATUS_CLOSES: Final = r"\([45]\d\d\):\s"
"""An HTTP error status in parentheses before a colon, opening a text (LM Studio's "(404):
No models loaded"): a status that says it is one, unlike a bare number."""
_STATUS_NAMED: Final = r"((?-i:[A-Z][a-z]+(?: [A-Z][a-z]+){0,3})) \(([45]\d\d)\)\s"
"""An HTTP error status after its reason phrase, opening a text (Saloon's "Unprocessable
Entity (422) Response: ...")."""
_SPENT: Final = ErrorKind.PAYMENT_REQUIRED
_TOO_MANY: Final = 429
_SAYS_WHY: Final = frozenset({_LOST, ErrorKind.UNAVAILABLE, ErrorKind.INTERNAL})
"""Kinds of a mark (a source's code in a text) that say a failure but not why: words of
the text that say why, and that no retry helps, decide over them."""
_SAYS_LESS: Final = CATCH_ALL | VAGUE | {ErrorKind.UNAVAILABLE}
"""What words may say that a status a text states says more than (an "Invalid" key
sent with 401 is a rejected key, "try again later" with 429 a rate limit); a timeout's
or a limit's words say what happened."""


def marked(text: str) -> UnifiedError | None:
    """The error a source's mark in ``text`` reports (`Source.texts`), or ``None``."""
    for read in TEXT_READERS:
        found = read(text)
        if found is not None:
            return found
    return None


@cache
def _announcement() -> re.Pattern[str]:
    """An error announced at a text's start, compiled on first use: a few words and
    "error" or an exception's class name ("Search error", "FirecrawlError"), then a
    status or code ("(401)", "40101") if any, then a colon; an exception's qualified
    name ("cohere.errors.UnauthorizedError:", "Postmark::InactiveRecipientError:",
    "(AI_APICallError) "); "Error" and what was being done ("Error searching
    libraries:"); Docker's "Error response from daemon:", Cassandra's "Error from
    server:"; "Caught exception"; or an
    HTTP error status and words ("402 Insufficient Balance"), or "Failed to", "Unable
    to", "Could not", "Cannot" and a verb ("Unable to list contents ... Rate Limit
    Exceeded"), or a Redis error reply's "ERR " (Upstash's "ERR max daily request limit
    exceeded") or, as the protocol sends it, a dash and its code ("-NOTUNIQUE Job not
    unique", Faktory's), or a code in capitals on a line of its own or before a colon
    ("OVER_RATE_LIMIT\nYou have exceeded your rate limit"), an HTTP error status and a
    colon ("429: LiteLLM Rate Limit Handler ..."), or a few words and "failed" before a
    colon ("% Message failed delivery: ..."), which `announced` holds to words that say
    an error, as must a number in brackets ("[1210] cannot create document, unique
    constraint violated", ArangoDB's) or a letter and digits before a colon
    (Authorize.net's "E00007:User authentication failed ..."); a code of capitals, a
    dash and digits before a colon (Oracle's "ORA-12541: TNS:no listener"); an
    exception's name and its text in parentheses (Dart's "SocketException
    (SocketException: OS Error: ...)"); or Go's ``url.Error``, the method and the quoted
    address it failed to reach (``Get "https://...": dial tcp ...: connection
    refused``), or its ``net.OpError``, the operation, the network and the address
    (``dial tcp 10.0.0.5:6379: i/o timeout``, ``read tcp ...: read: connection reset by
    peer``); an HTTP error status after its own reason phrase ("Unprocessable Entity
    (422) Response: ...", Saloon's); Symfony's console, where Composer and Laravel's
    artisan print an exception ("In AuthHelper.php line 205:"); syslog's "ALERT:" and
    PostgreSQL's "PANIC:"; a browser console's failed request, its method, address,
    status and reason ("POST https://... 422 (Unprocessable Entity)", Snipcart's); the
    ``ApiException`` of a client OpenAPI Generator built for
    Python, its status in parentheses and its reason on the next line ("(401)\nReason:
    Unauthorized\nHTTP response body: ..."); a few words and "threw an error" (SuperTokens'
    "SuperTokens core threw an error for a GET request ... with status code: 401"); a
    code of capitals and its number in parentheses before a colon (MEGA's "EOVERQUOTA
    (-17): Request over quota"), which `announced` holds to words that say an error."""
    return re.compile(
        r"\W{0,4}(?!no\b)(?:"
        r"(?:[\w.-]+\s+){0,5}?[\w.:]*(?:error|exception)\)?(?:\s+code)?"
        r"(?:\s*\(\d{3}\)|\s*\((?-i:[A-Z])\w{1,40}\)|\s+-?\d{1,6}|\s*\[[\w.]{1,60}\])?\s*:"
        r"|-32\d{3}:\s|error\s+domain=\S+\s+code=-?\d+\s"
        r"|(?P<returned>(?:[\w.-]+\s+){0,3}(?:to\s+\S+\s+)?(?:returned|responded\s+with)\s+(?:an?\s+)?"
        r"(?:error\s+with\s+(?:an?\s+)?)?(?:http\s+)?(?:error|status)?"
        r"(?:\s+code)?:?\s+[45]\d\d\b|(?:http\s+)?status(?:[ _]code)?\s*[=:]?\s*[45]\d\d\b"
        r"|http\s+error\s+[45]\d\d\b|unexpected\s+(?:http\s+)?status(?:\s+code)?:?\s+[45]\d\d\b"
        r"|(?:[\w.-]+\s+){0,4}returned\s+an?\s+error\s+\((?:http\s+)?status(?:\s+code)?:?\s*[45]\d\d\b"
        r"|response\s+status\s+code\s+does\s+not\s+indicate\s+success:\s*[45]\d\d\b"
        r"|failed\s+with\s+(?:an?\s+)?(?:http\s+)?(?:status|error)(?:\s+code)?:?\s*(?:[45]\d\d\b"
        r"|(?-i:[A-Z][a-z]+(?:[A-Z][a-z]+)+)$)"
        r"|(?:npm\s+)?(?:err!|error)\s+code\s+e[45]\d\d\b)"
        r"|in\s+\w+\.php\s+line\s+\d+:\s"
        r"|\([\w.:]*(?:error|exception)\)\s|\w+(?:error|exception)\s\(\w+(?:error|exception):"
        r"|(?P<numbered>\[\d{3,6}\]\s|(?-i:[A-Z]\d{4,6}):|(?:\d{4,6}\s+)?(?-i:E\d{4,6})\s)"
        r"|(?P<exchange>(?-i:[a-z][a-z\d]{1,20})\s+(?=\{\"))|(?-i:[A-Z]\w*(?:Error|Exception))\((?=\w+=)"
        r"|(?:[\w.-]+\s+){0,3}?error\s+\w+ing\b[^:\n]{0,80}:"
        r"|(?:[\w.-]+:\s+)?error\s+(?:in|during|while|when)\b[^:\n]{0,80}:"
        r"|(?:[\w.-]+\s+){0,3}?error\s*\([^)\n]{0,200}\):"
        r"|(?:i\s+)?encountered\s+an\s+error\b|problem\s+in\s+node\b"
        r"|(?P<threw>(?:[\w.'-]+\s+){1,4}threw\s+an?\s+(?:error|exception)\b)"
        r"|(?P<errno>(?-i:[A-Z][A-Z\d_]{2,30})\s\(-?\d{1,6}\):\s)"
        r"|(?:\w+=\S+\s+)*level=(?:error|fatal|crit\w*)\b"
        r"|(?P<warned>(?:\w+=\S+\s+)*level=warn(?:ing)?\b)"
        r"|error\s+(?:response\s+)?from\b[^:\n]{0,40}:"
        r"|caught\s+exception\b"
        rf"|{_STATUS_CLOSES}|(?P<status>{_STATUS_OPENS})|\([45]\d\d\)\r?\nreason:\s"
        r"|(?-i:[A-Z]{2,4}-\d{4,5}):\s"
        r"|(?P<lost>(?:[\w.'\"-]+\s+){1,3}failed\b[^:\n]{0,100}):\s"
        r"|(?P<failed>(?:failed|unable)\s+to|could\s+not|couldn't|cannot|can't)\s+\w"
        r"|(?P<reply>-?(?-i:ERR)|-(?-i:[A-Z][A-Z_]{2,30}))\s"
        r"|(?-i:Get|Post|Put|Patch|Delete|Head)\s\"[^\"\s]+\":\s"
        r"|(?P<asked>(?-i:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+https?://\S+\s[^:\n]{0,60}:\s)"
        r"|(?-i:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+https?://\S+\s+[45]\d\d\s+\((?-i:[A-Z])"
        r"|(?P<login>[\w.-]{1,64}@[\w.-]{1,253}:\s)|(?-i:ERRO|FATA|PANI)\[[\d:-]{1,20}\]\s"
        r"|(?P<cjk>[^\n:\uff1a]{0,30}(?:\u5931\u8d25|\u9519\u8bef|\u5f02\u5e38)\s*[:\uff1a]\s*)"
        r"|(?:twirp\s+error\s+)?(?P<rpc>(?-i:canceled|unknown|invalid_argument|deadline_exceeded"
        r"|not_found|already_exists|permission_denied|resource_exhausted|failed_precondition"
        r"|aborted|out_of_range|unimplemented|internal|unavailable|data_loss|unauthenticated"
        r"|malformed|bad_route)):\s(?!\d)"
        r"|(?P<named>(?-i:[A-Z][a-z]+(?: [A-Z][a-z]+){0,3}) \([45]\d\d\)\s)"
        r"|(?-i:dial|read|write)\s(?-i:tcp|udp|unix)[46]?\s\S+:\s"
        r"|(?P<code>(?-i:[A-Z][A-Z\d]*(?:_[A-Z\d]+)+))(?::\s|\s*\n)"
        r"|(?:an?\s+)?(?:unexpected\s+)?(?:error|exception)\s+(?:has\s+)?occurred\b[^:\n]{0,80}[:.]"
        r"|(?:[\w.-]+:\s+)?\[?(?-i:ERROR|FATAL|CRITICAL|ALERT|PANIC)\]?:?\s"
        r"|\[(?:error|fatal|critical)\]:?\s|(?P<classed>\[(?-i:[A-Z]\w*(?:Error|Exception))\]\s)"
        r"|(?-i:Error)[ \t]*\n"
        r"|(?P<args>\(-?\d+L?,\s*b?['\"]|\((?=(?P<quote>['\"])[^\n]{1,500}?(?P=quote),\s*['\"\d]))"
        r"|(?P<driver>(?:\[[\w. -]{1,40}\]){2,4}(?:\(\d{1,8}\))?\s)"
        r"|thread\s+'[^'\n]*'\s+panicked\s+at\b|<_?\w+ of RPC that terminated with:"
        r"|(?-i:HTTPS?ConnectionPool)\(host="
        r"|(?P<held>(?-i:[A-Z][a-z]+(?:[A-Z][a-z\d]*)+)(?::\s|\(|\s*\n)"
        r"|[A-Za-z_]\w*(?:\.\w+)+:\s|code:?\s*-?\d+\.?\s|(?-i:[a-z][a-z\d-]{1,15}):\s"
        r"|[A-Za-z_]\w*(?:\\\w+)+\s?:\s)"
        r"|(?P<markup><(?:\?xml\b[^>]*>\s*<|!doctype\s+html\b|html\b|error\b"
        r"|(?:\w+:)?(?:service)?exceptionreport\b|methodresponse\b|(?:\w+:)?envelope\b"
        r"|\w+\s[^>]*\bstat(?:us)?\s*=\s*['\"](?:error|fail)))"
        r"|(?P<phrase>(?-i:[A-Z][a-z]+(?: [A-Z][a-z]+){0,3})):\s"
        r")",
        re.IGNORECASE,
    )


@cache
def _raised() -> tuple[re.Pattern[str], re.Pattern[str], dict[str, Rule]]:
    """A qualified exception name opening a text ("httpx.ReadTimeout: ...", Java's
    "Exception in thread "main" org.apache.zookeeper.KeeperException$NodeExistsException:
    ..." with its nested class), the cause a
    wrapper's text names ("(Caused by NewConnectionError(...))"), and `EXCEPTIONS` by
    class name alone, for those causes: compiled on first use."""
    by_name: dict[str, Rule] = {}
    for name, rule in EXCEPTIONS.items():
        by_name.setdefault(name.rpartition(".")[2], rule)
    return (
        re.compile(
            r'(?:Exception in thread "[^"\n]*"\s+|Uncaught\s+)?'
            r"\W{0,4}([A-Za-z_]\w*(?:(?:\.|::|\$|\\)\w+)+)(?::\s|:?$|\(|\s\(0x[\dA-Fa-f]+\):\s)"
        ),
        re.compile(r"\bCaused by (\w+)\("),
        by_name,
    )


_CLASS_NAME: Final = r"[A-Z][a-z]+[A-Z]\w*\Z"
"""A class name of two capitalised words or more ("FreshdeskRateLimited"), not a module's
("com", "path") nor a constant's; compiled on first use, by ``re``'s own cache."""


def _by_name(text: str, name: str) -> tuple[ErrorKind, bool | None] | None:
    """What a client library's own class says: the words of its text (its name among
    them), else the HTTP status its name spells ("litellm.BadRequestError", "...
    UnprocessableEntityError")."""
    said = read_words(text, name)  # the name split into words: "NodeExistsException"
    if said is not None:
        return said
    return of_status(status_of_phrase(camel_words(name.removesuffix("Error"))))


def _by_class(text: str) -> tuple[ErrorKind, bool | None] | None:
    """What a text opening with an exception's qualified name says: a known class's kind
    and retry advice, a wrapper's those of the cause its text names (requests'
    ``ConnectionError`` wraps a refused connection and a lost one alike); a client
    library's own class by the words of its name and its text, read as one ("freshdesk.
    v2.errors.FreshdeskRateLimited: ...", "pymongo.errors.ServerSelectionTimeoutError:
    ... Connection refused", where the refused connection is the more telling).  A
    class's retry advice stands unless its text's words say no retry helps (a wrong
    password), that the statement was undone (`toolerrors._words.UNDONE`), or, where
    the class says a failure is permanent, a transient state (ftplib's ``error_perm``
    for "530 Sorry, max 40 users --try again later")."""
    opening, cause, by_name = _raised()
    found = opening.match(text)
    if found is None:
        return None
    rule = EXCEPTIONS.get(found[1])
    name = re.split(r"\.|::|\$|\\", found[1])[-1]
    if rule is None:  # a database driver's, by PEP 249's names ("pymysql.err.DataError")
        rule = DB_API.get(name)
    if rule is None:  # a client library's own class: its name is more words of the error
        return _by_name(text, name) if re.match(_CLASS_NAME, name) else None
    if rule.phase is Phase.WRAPPER:
        named = cause.search(text)
        if named is not None and named[1] not in by_name:  # urllib3's ResponseError: its
            return of_status(status_in_text(text)) or (rule.kind, rule.retryable)  # status
        rule = by_name.get(named[1], rule) if named is not None else rule
    said = read_words(text) if rule.worded else None
    if said is None:
        return rule.kind, rule.retryable
    if said[1] is False or undone(text):  # words that say no retry helps, or that one may
        return said
    if said[0] in TRANSIENT and rule.retryable is False:  # ftplib's 530 "try again later"
        return said
    return said[0], rule.retryable  # else the class's advice


_HELD: Final = (
    "status", "failed", "reply", "code", "lost", "numbered", "held", "args", "warned",
    "returned", "driver", "asked", "rpc", "exchange", "login", "cjk", "classed", "threw",
    "errno",
)  # fmt: skip
"""The openings that announce an error only with words or a status that say one: a
status number, "failed to", a code in capitals, a class name with no "Error" in it
("ServiceUnavailable:", "PreconditionFailed("), a dotted name ("Neo.ClientError.
Security.Unauthorized:"), "Code: 516." (ClickHouse's), a Go package's prefix ("pq:",
"oci:"), an exception's arguments as Python prints them ("(20009, b'DB-Lib error
message 20009, ...')", pyTigerGraph's "('Endpoint is not found ...', 'REST-1000')"), a
database driver's vendor and driver in brackets (the Simba drivers' "[Databricks]
[DatabricksJDBCDriver](500593) Communication link failure. ..."), logfmt's
``level=warn`` (Promtail's "error sending batch, will retry status=429 ..."), a
client's "API returned status code 429" (Open-Meteo's R client's), "Expo responded with
an error with status code 503" and .NET's "Response status code does not indicate
success: 409 (Conflict - ...)", a request's method and address before a colon (go-
retryablehttp's "POST http://... giving up after 3 attempt(s): unexpected HTTP status
500 Internal Server Error"), and a gRPC status code's name in snake case before a colon
(Connect's "resource_exhausted: message size ... is larger than configured max", Twirp's
"twirp error not_found: ..."), npm's "npm ERR! code E404", a client's "HTTP GET to
https://... returned status code 403", an exchange's name before its JSON (ccxt's
"bingx {"code":100001,"msg":"Signature verification failed ..."}"), MongoDB's
"E11000 duplicate key error ..." and OpenSSH's user and host ("git@example.com:
Permission denied (publickey)."), and a Chinese text's "failed", "error" or
"exception" (失败, 错误, 异常) before a colon (Amap's MCP server's "API 调用失败：
INVALID_USER_KEY", "API call failed: ..."), "... threw an error" and an errno's name and
number ("EACCESS (-11): ...")."""


@cache
def _log_prefix() -> re.Pattern[str]:
    """What a log line or a command line puts before the error it prints: timestamps
    ("2024-03-29T23:40:55Z", "08-10-2026 17:58:31", "[04:46:55]", "16:04:08.597"), a
    thread's name in brackets ("[main]"), Python logging's level and logger
    ("WARNING:pymilvus.decorators:", "- ERROR - "), a process id before "Error"
    ("[96300] Error: ..."), docker compose's service ("kratos-ui-1  | "), a thread and its
    level in brackets ("[Server thread/ERROR]:", Log4j's and Minecraft's), .NET's console
    logger's level, category and event id ("fail: App.Data.DbContext[1]", EF Core's),
    Node's ``util.inspect`` reference ("<ref *4> Error: ..."), a process's name in
    brackets before the level's (ROS 2's "[rosbridge_websocket-1] [ERROR] ..."), a
    logger's name and a dash before an exception's qualified name ("ApiController -
    RestClient::Exceptions::ReadTimeout: ..."), tenacity's "Retrying f in 4.0 seconds
    as it raised ", Java's "Caused by:", PHP's "Next " before a chained exception's
    class and a command line's cross ("✖", storyblok's
    "X "), compiled on first use; it matches the empty string when there is none."""
    return re.compile(
        r"(?:\[?(?:\d{4}-\d\d-\d\d|\d\d-\d\d-\d{4}|\d{4}/\d\d/\d\d)[T ]\d\d:\d\d(?::\d\d)?"
        r"(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?\]?\s+"
        r"|(?-i:DEBUG|INFO|WARNING|ERROR|CRITICAL):[\w.]+:|-\s+(?-i:DEBUG|INFO|WARN(?:ING)?|ERROR"
        r"|CRITICAL|FATAL)\s+-\s+|\[[^\]\n]{0,40}\]\s+-\s+|\[\d{1,7}\]\s+(?=error\b)"
        r"|retrying\s+\S+\s+in\s+[\d.]+\s+seconds\s+as\s+it\s+raised\s+|unhandled exception\.\s+"
        r"|(?-i:Next)\s+(?=[A-Za-z_]\w*\\)"
        r"|\[?\d\d:\d\d:\d\d(?:[.,]\d+)?\]?\s+"
        r"|\[(?!(?:error|fatal|critical)\])(?![\w.-]*(?:error|exception)\])[\w.-]{1,40}\]\s+"
        r"(?-i:(?=[A-Z]))|caused by:\s+"
        r"|\[[\w. -]{1,40}/(?:error|fatal|critical|severe|warn(?:ing)?)\]:?\s+"
        r"|[\w.-]{1,60}\s+\|\s+|(?:fail|crit|warn):\s+[\w.]+\[\d+\]\s+|<ref \*\d+>\s+"
        r"|\[(?!(?:error|fatal|critical)\])[\w.-]{1,40}\]\s+(?=\[(?:error|fatal|critical)\])"
        r"|[\w.$]{1,80}\s+-\s+(?=[A-Za-z_]\w*(?:(?:\.|::)\w+)+:\s)"
        r"|[\u2716\u00d7\u2717\u2718\u274c]\s*|(?-i:X\s+(?=[A-Z])))*",
        re.IGNORECASE,
    )


_TAG: Final = r"<[^<>]{1,200}>"
"""A tag of markup, whose text is between its tags."""
_PAGE: Final = (
    r"<(?:title|h1)>\s*[45]\d\d\b|<(?:\w+:)?Error(?:Response)?>|<err\b"
    r"|<(?:\w+:)?(?:Service)?Exception(?:Report)?\b|<fault>|<(?:\w+:)?Fault>"
    r"""|<\w+\s[^>]*\bstat(?:us)?\s*=\s*['"](?:error|fail(?:ed|ure)?)['"]"""
)
"""What makes markup an error document: a title or heading that gives an error status
(a proxy's page: "<h1>504 Gateway Time-out</h1>", nginx's "401 Authorization Required"),
or an ``Error`` element at its root (S3's and every S3-compatible store's XML error,
Wasabi's, MinIO's), an ``err`` element (Pardot's ``<rsp stat="fail"><err code="1">``), or
an element whose ``stat`` or ``status`` says it failed (PAN-OS's ``<response status =
'error' code = '403'>``), an OGC service's exception report (every WMS and WFS server's,
GeoServer's and MapServer's ``<ServiceExceptionReport>``, ``<ows:ExceptionReport>``), an
XML-RPC ``<fault>`` and a SOAP ``<Fault>``.  Any other page is a page, whatever its
words."""


def _page(text: str) -> bool:
    """Whether markup is an error document (`_PAGE`)."""
    return re.search(_PAGE, text[:4096], re.IGNORECASE) is not None


def xml_error(text: str) -> bool:
    """Whether ``text`` is an XML error document (`_PAGE`: S3's ``<Error>``, an OGC
    exception report, a SOAP fault), not an HTML page, whose words a status may weigh."""
    return (
        text.lstrip()[:1] == "<"
        and re.match(r"\s*<(?:!doctype|html)\b", text, re.IGNORECASE) is None
        and _page(text)
    )


_RPC: Final = r"\brpc error: code = (\w+) desc = "
"""grpc-go's error as its ``Error()`` prints it, wherever it stands in a text: the
status code's name, then what the server said ("rpc error: code = Unimplemented desc =
unknown service pbx.Plugin")."""


_CODED: Final = r"""\b(?:exception)?code\s*=\s*["']([A-Za-z][\w.-]{0,60})["']"""
"""An element's code in an attribute (OGC's ``<ServiceException code="LayerNotDefined">``,
``exceptionCode="InvalidParameterValue"``): the tag's one word worth reading."""


def _coded(tag: re.Match[str]) -> str:
    """A tag blanked, but for the code an attribute of it gives (`_CODED`)."""
    code = re.search(_CODED, tag[0], re.IGNORECASE) if "ode" in tag[0] else None
    return f" {code[1]} " if code is not None else " "


def readable(text: str) -> str:
    """A text as its words are read: markup's text, its tags blanked but for a code an
    attribute gives (`_CODED`), and the camelCase names of XML's elements' values split
    into words (``<Code>AccessDenied</Code>``: "Access Denied"); grpc-go's status code
    split the same way ("code = Resource Exhausted"); a repr's escaped line breaks as
    line breaks (pymssql's ``(20009, b'...severity 9:\\nUnable to connect: ...')``); any
    other text as it is."""
    if "</" in text or "/>" in text:
        text = camel_words(re.sub(_TAG, _coded, text))
    if "rpc error" in text:
        text = re.sub(_RPC, lambda found: f"rpc error: code = {camel_words(found[1])}: ", text)
    if "\\n" in text:  # a repr's escaped line breaks: "severity 9:\\nUnable to connect"
        text = text.replace("\\n", "\n")
    return text


_ELIXIR: Final = r"\*\* \(((?-i:[A-Z])\w*(?:\.(?-i:[A-Z])\w*)*)\) "
"""Elixir's raised exception, its module in parentheses before its message ("** (Mint.
TransportError) socket closed", "** (Tesla.Error) adapter error: :no_scheme")."""
_RUBY: Final = (
    r"([^\n]{1,500}?) \(((?-i:[A-Z])\w*(?:::(?-i:[A-Z])\w*)+"
    r"|(?-i:[A-Z][a-z]+(?:[A-Z][a-z\d]*)+))\)\.?\s*"
)
"""Ruby's uncaught exception, its message before its class in parentheses ("Read timed
out after 5 seconds (HTTP::TimeoutError)"), and a .NET message's reason at its end
("... is currently disabled. ... (MessagingEntityDisabled)."), on one line."""
_SWIFT: Final = r"((?-i:[A-Z])\w*(?:Error|Exception))\.((?-i:[a-z])\w*)(?:\(([^\n]{0,200})\))?\s*"
"""Swift's error enumeration's case as ``String(describing:)`` prints it ("HTTPClientError.
connectTimeout", the swift-server AsyncHTTPClient's)."""


_REPR: Final = r"""(?:[A-Za-z_]\w*\.)*([A-Z]\w*(?:Error|Exception))\((['"])([^\n]{1,2000}?)\2,?\)"""
"""A Python exception as ``repr()`` prints it, its message its one argument
(``HTTPError('403 Client Error: Forbidden for url: ...')``, as a tool that logs
``repr(exc)`` passes it on)."""


_TRACEBACK: Final = "Traceback (most recent call last):"
_RAISED_LINE: Final = r"(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Exit|Failure|Timeout)\w*:\s\S"
"""The line a Python traceback ends with: the exception's class, qualified or not, and
its message ("AssertionError: Torch not compiled with CUDA enabled")."""


def _traceback_raised(text: str) -> str | None:
    """The exception line a Python traceback ends with, where the text opens with one
    ("Traceback (most recent call last):") or with the indented source line of its last
    frame, as a log keeps it ("    raise AssertionError(...)\nAssertionError: ..."); else
    ``None``.  Only a text known to be an error is read so (`error_in_text`): a tool's
    output may well be a log that holds a traceback (``cat server.log``)."""
    if not text.startswith((_TRACEBACK, "  ")):
        return None
    if not text.startswith(_TRACEBACK) and "\n" not in text.strip():
        return None
    last = text.rstrip().rpartition("\n")[2]
    return last if re.match(_RAISED_LINE, last) is not None else None


def _reordered(text: str) -> str:
    """A client's exception printed in another language's order, as Python prints one:
    its class, a colon, its message (`_ELIXIR`, `_RUBY`, `_SWIFT`, Python's own
    ``repr()``, `_REPR`), and the case of an
    enumeration in words ("HTTPClientError: connect Timeout"); any other text as it is.
    Only how the text is read changes, never the message an error keeps."""
    if text.startswith("** ("):
        found = re.match(_ELIXIR, text)
        return f"{found[1]}: {text[found.end() :]}" if found is not None else text
    end = text.rstrip()
    if "\n" in end or (not end.endswith((")", ").")) and " " in end):
        return text  # most texts: a substring test tells before the expressions run
    found = re.fullmatch(_SWIFT, text)
    if found is not None:
        return f"{found[1]}: {camel_words(found[2])} {found[3] or ''}".rstrip()
    found = re.fullmatch(_REPR, text)
    if found is not None:
        return f"{found[1]}: {found[3]}"
    if _raised()[0].match(text) is not None:
        return text  # a class opens it already ("Excon::Errors::SocketError: ... (Errno::...)")
    found = re.fullmatch(_RUBY, text)
    return f"{found[2]}: {found[1]}" if found is not None else text


def announced(
    text: str, max_bytes: int = MAX_BYTES, *, vendor: str | None = None
) -> UnifiedError | None:
    """The error a text announces at its start (see the module's docstring), after any
    timestamp a log line gives it, read as a text known to be an error (``vendor`` names
    what said it); ``None`` for a text that announces none ("No error: ...")."""
    prefix = _log_prefix().match(text)  # "[04:46:55] ", a command line's "X "
    if prefix is not None:
        text = text[prefix.end() :]
    seen = _reordered(text)
    if seen is not text:
        read = announced(seen, max_bytes, vendor=vendor)
        if read is None or read.message != seen:
            return read  # none, or an object's own message
        return dataclasses.replace(read, message=text)  # the text as it was said
    if _by_class(text) is not None:
        return error_in_text(text, vendor=vendor, max_bytes=max_bytes)
    found = _announcement().match(text)
    if found is None:
        head = text[:_STATED]  # a substring test first: most texts hold no "rpc error"
        if "rpc error" not in head or re.search(_RPC, head) is None:
            return None
        return error_in_text(text, vendor=vendor, max_bytes=max_bytes)  # grpc-go's
    if found["markup"]:  # an error document, or a page that is no error
        return error_in_text(text, vendor=vendor, max_bytes=max_bytes) if _page(text) else None
    if any(found[name] for name in _HELD) and (
        read_words(readable(text)) is None and status_in_text(text) is None
    ):
        return None  # a status or "failed to" opens an error only with words that say one
    if found["named"] and _leading_status(text, None) is None:
        return None  # "Payment Received (200) ...": a status its phrase does not name
    if found["phrase"] and not (
        is_reason_phrase(found["phrase"]) and _failing(text[found.end() :])
    ):
        return None  # "Monthly Report: ...", "Conflict: none": no status's failure
    if found["held"] and not _failing(text) and status_in_text(text) is None:
        return None  # "name: Ana", "permissions: admin": a record's fields, not an error
    return error_in_text(text, vendor=vendor, max_bytes=max_bytes)


_COMMAND_SAYS: Final = (
    r"(?m)^[ \t]*(?:[\u2502|][ \t]*)?(?=(?-i:fatal|error|Error):\s|(?-i:ERROR)!\s"
    r"|(?-i:ERR_PNPM_[A-Z\d_]+)\s|(?-i:npm ERR!)\s|(?-i:error)\s(?-i:[A-Z])"
    r"|\S+\s\|\s(?-i:UNREACHABLE|FAILED)!\s=>|[\u2717\u2716\u274c] )"
    r"|(?=curl: \(\d{1,3}\)\s)|(?=(?-i:ERROR) [45]\d\d: )"
    r"|(?<=awaiting response\.\.\. )(?=[45]\d\d )|(?<=\.\.\. )(?=failed: )"
)
"""Where a command's output says it failed, on a line of its own after what the command
printed first: git's, cargo's and pip's "error: " and "fatal: ", Terraform's boxed
"\u2502 Error: ", Ansible's "ERROR! " and "host | UNREACHABLE! =>", pnpm's "ERR_PNPM_FETCH_401",
npm's "npm ERR! ", Yarn's "error An unexpected error occurred: ...", curl's "curl: (56)"
after its progress meter, wget's "ERROR 429: Too Many Requests.", "awaiting response...
401 Unauthorized", "Connecting to ...:443... failed: Connection refused." and a cross that
opens a line (Flux's "\u2717 context deadline exceeded").  The words in lower case are a
command's own, which a log's levels (``ERROR``, ``[error]``) are not."""


_COMMAND_MARKS: Final = (
    "rror", "RR", "fatal: ", "! =>", "curl: (", "... f", "response... ", "\u2717 ", "\u2716 ",
    "\u274c ",
)  # fmt: skip
"""What every one of `_COMMAND_SAYS` holds ("error", "Error", "ERROR", "ERR_PNPM_", "npm
ERR!", ...): a text with none of them is passed over before the expression runs (which
takes some 250 µs on the last 4 KB of a build's output; these seven tests, 8 µs)."""


def in_command_output(text: str, max_bytes: int = MAX_BYTES) -> UnifiedError | None:
    """The error a command's output announces on a later line of its last 4 KB
    (`_COMMAND_SAYS`: the lines before it are what the command did first, "Cloning into
    'x'...", a progress meter), read from that line on as a text that announces it;
    ``None`` for output that says no such thing, and for a text of one line, which
    `announced` reads."""
    if "\n" not in text:
        return None
    tail = text[-_STATED * 2 :]  # a command says it failed last, after what it did
    if not any(mark in tail for mark in _COMMAND_MARKS):
        return None  # most output holds no such words: substring tests, no expression
    found = re.search(_COMMAND_SAYS, tail)
    if found is None:
        return None
    said = tail[found.start() :].lstrip(" \t\u2502|")
    return error_in_text(said, vendor=None, max_bytes=max_bytes)


_CODED_TAIL: Final = r"\bcode=(?-i:[A-Z][A-Z_]+), version=\d[\w.-]*\)\s*$"
"""ethers' error as it prints, its code and its version in the parentheses that end it
("wait for transaction timeout (code=TIMEOUT, version=6.16.0)", "insufficient funds
for intrinsic transaction cost (..., code=INSUFFICIENT_FUNDS, version=6.7.1)")."""


def with_coded_tail(text: str, max_bytes: int = MAX_BYTES) -> UnifiedError | None:
    """The error a text that ends in ethers' code and version says (`_CODED_TAIL`), where
    its words say one, read as a text known to be one; ``None`` for any other."""
    if "version=" not in text[-64:] or re.search(_CODED_TAIL, text[-512:]) is None:
        return None
    if read_words(text) is None:
        return None  # "Release notes (code=OK, version=1.0)"
    return error_in_text(text, vendor=None, max_bytes=max_bytes)


_STATES: Final = frozenset({
    ErrorKind.UNAUTHENTICATED, ErrorKind.PERMISSION_DENIED, ErrorKind.RATE_LIMITED,
    ErrorKind.PAYMENT_REQUIRED, ErrorKind.UNAVAILABLE, _LOST, ErrorKind.TOO_LARGE,
    ErrorKind.PAUSED, ErrorKind.REFUSED,
})  # fmt: skip
"""Kinds a sentence alone may state as an error: none of them is an answer a tool gives
("not found", "invalid", "already exists" may be)."""
_FAILING: Final = (
    r"\b(?:exceed(?:ed|s)?|reached|denied|refused|forbidden|not allowed|unauthori[sz]ed"
    r"|(?:do|does|did) not have|(?:don't|doesn't|didn't) have|no access|timed out"
    r"|too many|too (?:large|big|long)|larger than|unavailable|expired|invalid|incorrect"
    r"|failed|failure|unable|cannot|can't|could not|couldn't|not authori[sz]ed|overloaded|blocked"
    r"|insufficient|out of|cancell?ed|suspended|not responding|is open|closed|not found|dropped"
    r"|no such|(?:does not|doesn't) exist|already exists|conflict|deadlock|restart|precondition"
    r"|errors?"
    r"|maintenance|no (?:rows|documents|hosts|nodes|servers)|no response|(?:pool|connect|handshake)"
    r" timeout|not (?:provided|given|supplied)"
    r"|must (?:sign|log) in|wrong|not valid"
    r"|econn\w+|enotfound|etimedout)\b"
)
"""A verb or adjective of failure: what a sentence that states an error says ("Monthly
quota exceeded", "You do not have access to this resource"), and one that only names a
rate limit, a permission or a timeout ("Permissions updated", "Your rate limit is 100 a
minute", "Timeout set to 30 seconds") does not."""


def _plain(text: str) -> str:
    """``text`` in lower case, outside its names, codes' ``_`` read as spaces."""
    return outside_names(text).replace("_", " ")


def _failing(text: str) -> bool:
    """Whether ``text`` says that something failed (`_FAILING`), outside its names, the
    camelCase names in it split into words (a Go S3 client's "QuotaExceeded: ...")."""
    return re.search(_FAILING, _plain(camel_words(text))) is not None


_STATED: Final = 2048
"""The longest text read as a sentence that states an error: a message, not a document."""
_SUBJECT: Final = (
    r"^\W*(?:[\w'-]+\W+){0,3}?(?:you|your|(?:the )?user|(?:the |this )?(?:request|operation"
    r"|transaction)|access"
    r"|quota|limit"
    r"|api ?key|token|credentials?|account|session|(?:the |this )?(?:service|server|exchange"
    r"|api|site|system|platform)|(?:the |this )(?:message|payload|file|model|cluster|database"
    r"|project|workspace|(?:response |request )?body))\b[^.;\n]{0,80}?"
)
"""How a sentence that states an error opens: within its first words, the caller, its
request, its access, quota, key or account, which the verb of failure then is said of
in the same sentence ("Monthly quota exceeded", "The request was canceled ...", "This
service has been suspended.").  A text
that opens otherwise ("Found 3 issues: #12 Login timed out", "Connection refused errors
are common") is about something else."""


_GONE: Final = (
    r"^(?!\W*(?:no|nothing|none|0)\b)(?:[^\n;:,.]|\.(?!\s)){1,120}?\b(?:not found"
    r"|(?:already|still) exists"
    r"|(?:does not|doesn't) exist|is not a valid tool)(?: (?:on|in|at|under) [^\n;:,]{1,40}?)?"
    r"(?:\W{0,2}$|[.,]\s+(?:please |)(?:try|use|check|choose|pick)\b[^\n]{0,100}$)"
)
"""A short sentence that ends saying its subject is not there or is there already, and
no more (the MCP memory server's "Entity with name NonExistent not found", Jenkins'
"Job 'nightly' already exists", Chrome DevTools MCP's "Element uid "4_17" not found on
page 1.", LangChain's "[Python REPL] is not a valid tool, try another one."), and at
most advises what to try instead (Unleash's "A feature with this name already exists.
Try re-activating it from the archive"): what a tool says when what it was asked about
fails, not an answer, which says what it found ("No results found", "3 files found",
"Found 3 files, 2 not found")."""


_EDIT_REFUSED: Final = (
    r"\bappears? (?:multiple|\d+) times\b[^\n]{0,120}\bunique\b"
    r"|\bmultiple occurrences of\b[^\n]{0,200}\bunique\b"
    r"|\b(?:has been|was) (?:modified|changed) since (?:it was )?(?:last )?read\b"
)
"""What a coding agent's editing tool says when it refused an edit: the text to replace
is not unique (crush's "old_string appears multiple times in the file. Please provide
more context to ensure a unique match", the text editor tools' "Multiple occurrences of
old_str ... Please ensure it is unique"), or the file changed since the agent read it
(crush's "file ... has been modified since it was last read")."""


_SHORT: Final = 300
"""The longest text whose first words or whose request to try again alone say it is an
error (`_OPENS_FAILING`, `_ASKS_AGAIN`): a message, not a page of results."""
_OPENS_FAILING: Final = (
    r"^\W*(?:invalid|incorrect|missing|unknown) (?:\w+ ){0,3}?(?:key|token|credentials?"
    r"|password|parameters?|arguments?|values?|request|input|sql|query|json|url|uri|email|format"
    r"|syntax|id)\b(?![^.\n]{0,40}:\s*\d)(?!\s+(?:are|were)\b)"
    r"|^\W*unsupported [\w ]{1,30}:\s"
    r"|^\W*(?:[\w-]+ ){0,3}?time(?:d)? ?out (?:after \d|while waiting|waiting for)"
    r"|^\W*timeout of \d+ ?ms exceeded"
    r"|^\W*no (?:api ?key|access token|token|credentials?|authori[sz]ation header)"
    r" (?:was |were )?(?:found|provided|given|supplied|set)\b"
    r"|^\W*(?:(?:not authori[sz]ed|unauthori[sz]ed)(?: request| access)?|forbidden"
    r"|(?:access|permission) denied"
    r"|authentication (?:required|failed)|not authenticated|too many requests|slow down"
    r"|payment required)"
    r"(?: error)?\s*(?:$|[.!:;,-])"
)
"""How a message that is an error opens, before anything else: a credential or an input
that is wrong ("Invalid API key") or a credential not there ("No API key found in
request", Pirate Weather's) or a wait that ran out ("Timeout after 600 seconds waiting
for data", Bright Data's MCP server's; axios' "timeout of 5000ms exceeded"), or a word
of failure that is a statement of its own ("Authentication required, not authenticated -
...", "Slow down! Too many requests."); not a noun phrase ("Forbidden City is in
Beijing", "Invalid characters were removed", "Invalid values are fine here"), nor a
count a report opens with ("Invalid entries: 0")."""
_ASKS_AGAIN: Final = r"[.!?]\s+(?:please\s+)?(?:try again|retry)\b[^.!?\n]{0,20}[.!]?\s*$"
"""A message that ends asking the caller to try again, after saying what went wrong:
"Username or password is incorrect. Try again.", Dgraph's "Transaction has been
aborted. Please retry"; not an answer's advice ("Please try again later to see updated
prices", "If nothing matches, try again with fewer words")."""


_LINES: Final = 3
"""How many line breaks a sentence alone may hold: a message and a hint or two."""


def stated(text: str, max_bytes: int = MAX_BYTES) -> UnifiedError | None:
    """A text alone (not inside a result that says it succeeded) whose words state an
    error of a kind no answer is (`_STATES`), opening with the caller or its request
    (`_SUBJECT`) of which a verb of failure (`_FAILING`) is said or that states a wait to
    retry after ("... Please retry after 7 seconds."), or that ends saying
    its subject is not there or is there already (`_GONE`), or a short one whose known
    words say an error and that opens with a word of failure (`_OPENS_FAILING`) or asks
    to try again (`_ASKS_AGAIN`), read as a text known
    to be an error: a client's exception text with no class before it
    (.NET's "The request was canceled due to the configured HttpClient.Timeout of 100
    seconds elapsing."), an MCP server's "Monthly quota exceeded."; else ``None``."""
    if len(text) > _STATED or text.lstrip().startswith("<"):  # a page is a page
        return None
    if text.count("\n", 0, _STATED) > _LINES:  # a command's output, a log: no sentence
        return None  # alone (and their words cost some 1 µs a character to read)
    said = read_words(text)
    if said is None and "status" in text:  # "Request failed with status code BadRequest"
        said = of_status(status_in_text(text))
    if said is None:
        return None
    if not _states_one(text, _plain(text), said[0]):
        return None
    return error_in_text(text, vendor=None, max_bytes=max_bytes)


_HAS_FAILED: Final = (
    r"^\W*(?:the |this |your )?(?:request|operation|call|command|query|transaction)"
    r" (?:has |have |was )?(?:failed|been rejected)\b|^\W*the requested url was rejected\b"
)
"""A text that opens saying the caller's request failed (HAPI FHIR's "The operation has
failed with a version constraint failure. ..."), or was rejected (the F5 BIG-IP
firewall's page, "The requested URL was rejected. Please consult with your
administrator."): an error whatever its kind."""


def _states_one(text: str, plain: str, kind: ErrorKind) -> bool:
    """Whether a text whose words say ``kind`` states an error (see `stated`): one that
    opens saying the request failed, or a short message that says so, whatever its kind,
    else by its kind's own rule."""
    if (
        re.match(_HAS_FAILED, plain) is not None
        or re.search(_EDIT_REFUSED, plain)
        or (
            len(text) <= _SHORT
            and (re.match(_OPENS_FAILING, plain) is not None or re.search(_ASKS_AGAIN, plain))
        )
    ):
        return True
    if kind in _STATES:  # a wait to retry after says it failed
        return re.search(_SUBJECT + _FAILING, plain) is not None or wait_in_text(text) is not None
    return re.match(_GONE, plain.strip()) is not None


@cache
def _tokens() -> re.Pattern[str]:
    """What the scan for a balanced object stops at, compiled on first use."""
    return re.compile(r'[{}\[\]"\\]')


def _balanced(text: str, start: int) -> int | None:
    """The end of the JSON value opening at ``start`` (a ``{``), brackets counted outside
    strings; ``None`` when it does not close or nests deeper than `MAX_DEPTH`."""
    depth = 0
    in_string = False
    skip = -1  # the position an escape takes the next character from
    for token in _tokens().finditer(text, start):
        at = token.start()
        if at == skip:
            continue
        char = token.group()
        if in_string:
            if char == "\\":
                skip = at + 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "{[":
            depth += 1
            if depth > MAX_DEPTH:
                return None
        elif char in "}]":
            depth -= 1
            if depth == 0:
                return token.end()
    return None


def embedded(text: str, max_bytes: int = MAX_BYTES) -> dict[str, Any] | None:
    """The first balanced JSON object in ``text`` after a prefix ("Error: {...}"), at most
    ``max_bytes`` long and `MAX_DEPTH` deep, or ``None``; braces that close around no
    JSON object ("{not json}") are passed over, a few times at most.  An object written
    as a string's escaped text (a Rust panic's ``Unknown("{\\"message\\": ...}")``) is
    read unescaped, and one Python printed (``{'error': {'message': ...}}``) as the
    literal it is (`python_literal`)."""
    found = _first_object(text, max_bytes)
    if found is None and '{\\"' in text:
        found = _first_object(text.replace('\\"', '"'), max_bytes)
    return found


def _first_object(text: str, max_bytes: int) -> dict[str, Any] | None:
    start = text.find("{", 1)
    for _ in range(_TRIES):
        if start < 0:
            return None
        end = _balanced(text, start)
        if end is None or end - start > max_bytes:
            return None  # the rest of the text is inside it: no other object to find
        try:
            value = load(text[start:end], max_bytes)
        except ShapeError:  # a dict as Python prints it ("Error code: 400 - {'error': ...}")
            value = python_literal(text[start:end]) if "'" in text[start:end] else None
        if type(value) is dict:
            return value
        start = text.find("{", end)
    return None


def _in_json(text: str, bound: bool | None, max_bytes: int) -> UnifiedError | None:
    """The error a JSON object embedded in ``text`` holds, when it says a kind and is no
    more retryable than ``bound``, the advice of the words around it."""
    value = embedded(text, max_bytes)
    if value is None:
        return None
    try:  # the text is an error, so the object is read as one: leniently, by its words
        found = _source.read_any(value, strict=False, where="", need=True)
    except ShapeError:
        return None  # no error in it: a path, a request echoed
    if found is None or found.kind is _UNKNOWN or more_retryable(found.retryable, bound):
        return None
    return found


_OPENING_CLASS: Final = r"\W{0,4}(?:[A-Za-z_]\w*(?:\.|::|\$|\\))*([A-Z][a-z]+[A-Z]\w*):\s"
"""An exception's class name, qualified or not, that opens a text before a colon."""


def _named_by_class(text: str) -> tuple[ErrorKind, bool | None] | None:
    """What the class name a text opens with says by its own words ("AuthenticationError",
    "InsufficientFunds", "OrderNotFound"), when they name what happened: a client
    library's mapping of the server's code to its own class, more telling than the
    server's words it carries; ``None`` for a name that says only that something failed
    ("ExchangeError", "APIError")."""
    found = re.match(_OPENING_CLASS, text)
    if found is None:
        return None
    said = read_words(camel_words(found[1]))
    return None if said is None or said[0] in CATCH_ALL or said[0] is _UNKNOWN else said


def _leading_status(text: str, words: tuple[ErrorKind, bool | None] | None) -> int | None:
    """The HTTP error status a text known to be an error opens with, before words that
    say what happened (Figma's "403 Invalid scope(s): ..."), or ``None``; never one that
    would make the error more retryable than its words say, for an amount reads the same
    ("429 Euros: invalid amount")."""
    found = re.match(rf"\W{{0,4}}(?:({_STATUS_OPENS}|{_STATUS_CLOSES})|{_STATUS_NAMED})", text)
    if found is None:
        return None
    if found[1] is None:  # after a reason phrase: its own
        status = int(found[3])
        if status_of_phrase(found[2]) != status:
            return None
    else:
        status = int(found[1].lstrip("(")[:3])
    heard = of_status(status)
    if heard is None or (words is not None and more_retryable(heard[1], words[1])):
        return None
    return status


def _weighed(inner: UnifiedError, status: int | None, text: str) -> UnifiedError:
    """The error a JSON object in ``text`` holds, which states no status, weighed against
    what the text around it says: the status it states (OKX's 401 "response_content=
    {"msg":"Invalid OK-ACCESS-KEY", ...}"), else the class it opens with, where that names
    what the object's words leave open (ccxt's "AuthenticationError: binance {"msg":
    "Invalid API-key, IP, or permissions for action."}")."""
    said = (inner.kind, inner.retryable)
    if status is not None:
        weighed = decide(status, of_status(status), said, worded=True) or said
    else:
        named = _named_by_class(text)
        if named is None or named[0] is inner.kind:
            return inner
        weighed = named
    return refill(
        inner,
        weighed[0],
        retryable=weighed[1],
        retry_after=inner.retry_after,
        status_code=status,
        request_id=inner.request_id,
    )


def error_in_text(text: str, *, vendor: str | None, max_bytes: int = MAX_BYTES) -> UnifiedError:
    """A text known to be an error, read for what it says (see the module's docstring);
    ``vendor`` names what said it was an error (``"mcp"`` for an MCP result); a Python
    traceback is read by the exception it ends with (`_traceback_raised`)."""
    raised = _traceback_raised(text)
    if raised is not None:  # read by its last line, and kept whole
        last = error_in_text(raised, vendor=vendor, max_bytes=max_bytes)
        return dataclasses.replace(last, message=text) if last.message == raised else last
    message = text or _FAILED
    found = marked(message)
    read = readable(message)  # a page's or an XML error's text, not its tags
    if found is not None:
        if found.kind is ErrorKind.INTERNAL and found.status_code is None:
            return _in_json(message, found.retryable, max_bytes) or found  # nothing decided
        said = read_words(read) if found.kind in _SAYS_WHY else None
        if said is not None and said[1] is False and said[0] not in CATCH_ALL:
            # a connection's failure, and the server's words say why, and that no retry
            # helps (Neon's 08006 "... has exceeded the quota. Upgrade your plan")
            return refill(
                found,
                said[0],
                retryable=False,
                retry_after=found.retry_after,
                status_code=found.status_code,
                request_id=found.request_id,
            )
        return found
    status = status_in_text(read)
    words = read_words(read)
    if status is None:
        status = _leading_status(read, words)
    if words is not None and words[0] is _LOST and status is not None:
        # "fetch failed with status code 403": undici's wrapper says nothing a status
        # that came back does not; a timeout's own words still do
        words = read_words(message.replace("fetch failed", " "))
    by_class = _by_class(_reordered(message))
    if by_class is not None and by_class[0] is _UNKNOWN:  # urllib's HTTPError: its status
        by_class = None
    said = by_class or words
    heard = of_status(status)
    if (
        status is not None
        and heard is not None
        and (
            said is None
            or said[0] in _SAYS_LESS
            or (said[0], heard[0]) in WORDS_UNDER
            or (said[0] is _SPENT and status == _TOO_MANY)
        )
    ):  # the more specific (Nixtla's SDK's 401 "Key not found" is a key rejected); a
        # quota with no word of money, stated with a 429, a rate
        said = decide(status, heard, said, worded=True, texts=(read,))
    kind, retryable = said or (ErrorKind.INTERNAL, None)
    wait = wait_in_text(message)
    if kind is ErrorKind.PAYMENT_REQUIRED and wait is not None:
        kind, retryable = ErrorKind.RATE_LIMITED, True  # a quota that refills: a rate limit
    inner = _in_json(message, retryable, max_bytes)
    if inner is not None:
        return inner if inner.status_code is not None else _weighed(inner, status, message)
    return make(
        kind,
        message,
        retryable=retryable,
        retry_after=wait,
        status_code=status,
        vendor=vendor,
    )
