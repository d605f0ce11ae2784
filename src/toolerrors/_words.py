"""Known words: what an error's own text says when nothing more exact does.

A source's documented code or header beats these words, and these words beat a
catch-all HTTP status (``toolerrors._decide`` weighs them against a status).  The table
is read in order: the first entry whose words appear anywhere in the text decides, so
the more telling words come first (an exhausted quota is billing, not a rate limit; a
request that was declined is a refusal, not bad input).
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Final

from ._json import bounded_wait
from ._kinds import ErrorKind
from ._table import HTTP, of_status

if TYPE_CHECKING:
    from ._table import Row

__all__ = [
    "BILLING",
    "MISSING_RESOURCE",
    "REFUSAL",
    "UNDONE",
    "UNSAID",
    "WORDS",
    "camel_words",
    "is_reason_phrase",
    "kind_of_words",
    "names_billing",
    "names_missing_resource",
    "names_privilege",
    "names_refusal",
    "only_a_quota",
    "outside_names",
    "read_words",
    "row_or_words",
    "status_in_text",
    "status_of_phrase",
    "undone",
    "wait_in_text",
]

BILLING: Final = r"billing|credits?|balance"
"""Words that name money, not a rate: a quota error that says them is spent credit."""
QUOTA: Final = r"(?<!extended )(?<!higher )(?<!increased )(?<!extend your )(?<!increase your )quota"
"""A quota, unless named as the remedy: "contact us if you need an extended quota"
(Algolia's "record is too big"), "contact support to extend your quota" (MetaApi's rate
limit)."""
DECLINED_PAYMENT: Final = (
    r"(?:card|instrument|payment method) (?:was )?declined"
    r"|declined by the (?:processor|bank|issuer)"
)
"""A payment's decline, by the bank rather than by a person: billing, not a refusal."""
REFUSAL: Final = (
    r"declined"
    r"|(?:user|owner|person|human|approver|reviewer|transfer|payment|action) rejected"
    r"|(?<!key )(?<!token )(?<!credentials )(?<!password )(?:was|were|been) rejected"
    r"|rejected by (?:the |an? )?(?:user|owner|person|human"
    r"|approver|reviewer|policy|guardrail)"
    r"|(?:user|owner|person|human|approver|reviewer) (?:has )?(?:denied|cancell?ed)"
)
"""Words that say a person said no: a decline, something *rejected* by someone, or a
user who denied it (Cline's "The user denied this operation.").  A
bare "rejected" is no refusal: Elasticsearch's ``rejected_execution_exception`` is a
full queue, which a 429 sends."""
MISSING_RESOURCE: Final = r"\bunknown resource\b|\bresources?\b[^\n]{0,100}?\bnot found\b"
"""Words that say a resource is not there: FastMCP's "Resource not found: 'file:///x'"
and the MCP SDK's "Unknown resource: file:///x", which both answer with -32602.  A
tool that is not there is not among them: the MCP specification calls it bad input."""
_REFUSAL_WORDS: Final = ("declined", "rejected", "denied")
"""The words every refusal holds, to tell most texts are none before the expression runs."""

WINDOW: Final = (
    r"(?:{QUOTA}|{BILLING}|limit|requests|calls)\b[^.\n]{{0,60}}?"
    r"\b(?:per|an?|each|every|this|the current|the next|next) (?:second|minute|hour)\b"
    r"|(?:request|access) limit|(?:daily|hourly) (?:\w+ )?quota"
    r"|(?:secondly|minutely|per-second|per-minute) (?:\w+ )?limit"
)
"""A limit that refills with time: credits or a quota "for the current minute" (Twelve
Data's), "requests per second", a request limit (Upstash's "max daily request limit
exceeded", Yelp's "access limit"): a rate limit, before any word of money in it.  A
"daily limit" alone is a spending limit ("500 Euros exceeds your daily limit")."""

UNDONE: Final = (
    r"deadlock|try restarting transaction|restart transaction|could not serialize"
    r"|transaction (?:has been |was )?aborted|conflicting transactions?|serialization failure",
    r"database is (?:locked|busy)",
    r"(?:currently|still|is) being (?:modified|updated|changed|processed|provisioned)"
    r"|(?:used|in use) (?:for|by) a concurrent request"
    r"|(?:currently|still|is) being deleted"
    r"|has already locked|locked by another (?:\w+ )?(?:operation|request|process|transaction"
    r"|user|session"
    r"|client)"
    r"|another (?:\w+ )?(?:update|operation|deployment|build|run) is"
    r" (?:currently |already |still )?in progress"
    r"|(?:is|are) (?:already |still |currently )?in (?:progress|process)\b"
    r"|(?:is|are) still (?:processing|running)|\block (?:is )?in place\b|has an? \w+ lock\b"
    r"|(?:is|was) already locked\b"
    r"|already has an active (?:request|job|task|operation|session)",
)
"""Words that say the database undid the statement or never ran it, and that running it
again may succeed: a deadlock or a serialization failure rolls the transaction back
(MySQL's 1213 "Deadlock found when trying to get lock; try restarting transaction",
PostgreSQL's "could not serialize access"), a locked database ran nothing (SQLite's
``SQLITE_BUSY``, "database is locked"), and an object still being changed by another
request refused this one (Oracle Cloud's 409 "instance ... is currently being modified",
TrueLayer's "Idempotency-Key value is being used for a concurrent request", Pulumi's
409 "Another update is currently in progress").  They are
a conflict and a busy server, and these words alone may say a retry is safe where an
exception's class says the statement may have run (`undone`)."""

WORDS: Final[tuple[tuple[str, ErrorKind], ...]] = (
    (r"transient (?:error|issue|failure|problem)", ErrorKind.UNAVAILABLE),
    (r"either the server is overloaded or there is an error", ErrorKind.INTERNAL),
    (UNDONE[0], ErrorKind.CONFLICT),
    (UNDONE[1], ErrorKind.UNAVAILABLE),
    (UNDONE[2], ErrorKind.CONFLICT),
    (
        r"(?:does not|doesn't) (?:contain|have|include) (?:the )?(?:required )?scopes?"
        r"|insufficient scopes?|missing (?:required )?scopes?|required scopes?"
        r"|the following scopes?\b"
        r"|(?:topic|group|cluster|transactional id) authori[sz]ation failed",
        ErrorKind.PERMISSION_DENIED,
    ),
    (
        r"(?:incorrect|wrong|invalid) (?:username|password)"
        r"|(?:username|user name|identifier|email|login) or password"
        r"|password authentication failed"
        r"|(?:(?:access|api|auth|bearer|refresh) ?(?:token|key)(?: id)?|token) (?:is )?"
        r"(?:not found|could not be found|does not exist)"
        r"|or password is (?:invalid|incorrect|wrong)"
        r"|(?:unable to|could not|couldn't|failed to) authenticate"
        r"|(?:invalid|incorrect|wrong)(?: [\w-]+){1,3} or (?:api[ -]?key|secret|token)"
        r"|requires? an authenticated (?:user|session|request)"
        r"|login incorrect|incorrect login|log ?in failed"
        r"|no (?:api[ -]?key|(?:api |access |auth )?token|credentials?)(?: parameter)?"
        r" (?:was )?(?:found|provided|given|supplied|defined|set)"
        r"|security token included in the request is invalid"
        r"|connection refused: (?:not authori[sz]ed|bad user ?name or password)"
        r"|access denied for user\b[^\n]{0,120}\busing password"
        r"|\b(?:token|sign) (?:is )?(?:invalid|expired)"
        r"|(?:credentials?|api[ -]?key|token)s?(?: environment variable)? (?:were|was|is|are)"
        r" not (?:provided|given|supplied|set)"
        r"|(?:secret|password|passphrase|credentials?|api[ -]?key) (?:is|are|was|were)"
        r" (?:incorrect|invalid"
        r"|wrong|not valid)|logon (?:is invalid|failure|failed)|bad (?:username|user name)"
        r"|invalid ?credentials|\b(?:please )?(?:sign|log) ?in (?:to|first)\b"
        r"|must (?:sign|log) in\b|could not be authenticated"
        r"|^\W*invalid (?:access |auth |api |bearer )?token\b"
        r"|(?:sdk|api|access|secret|license) ?key (?:seems to be |appears to be |is )?wrong"
        r"|missing (?:client )?certificate|client certificate (?:is )?(?:required|missing)"
        r"|missing (?:sudo|become) password|token validation (?:error|failed)"
        r"|permission denied \((?:publickey|password|keyboard-interactive|gssapi)"
        r"|(?:key|token|credentials?|password) (?:was|were|has been|have been) rejected"
        r"|(?:api ?key|token) client option must be set"
        r"|(?:api ?key|api token|access token|token|password) (?:does not|doesn't) match\b",
        ErrorKind.UNAUTHENTICATED,
    ),
    (
        r"(?:account|integration|app|connector|extension|workspace) (?:is )?(?:not|isn't)"
        r" connected|(?:must|need to) (?:first )?connect\b|no connection to (?:the )?(?:browser )?"
        r"extension|add an? (?:login )?connection|no connected accounts?",
        ErrorKind.NOT_CONNECTED,
    ),
    (
        r"(?:larger|bigger|longer) than (?:the )?(?:configured |allowed |request |maximum )?"
        r"(?:max(?:imum)?|limit)\b|exceeds? \d+ ?(?:bytes|[kmg]i?b)\b"
        r"|(?:cuda|gpu) out of memory|\boom when allocating"
        r"|max(?:imum)? (?:total )?(?:length|size) (?:reached|exceeded)"
        r"|too many \w+(?: \(\d+\))? in (?:a |one )?(?:single )?(?:request|batch|call)\b"
        r"|(?:max(?:imum)? )?(?:message|file|attachment|request|body|payload|upload|batch) size"
        r" (?:limit )?(?:exceeded|exceeds)"
        r"|exceed(?:s|ed)? (?:the )?permitted size|larger than the server is willing"
        r"|exceeds? (?:the )?(?:text|size|length|character|byte|content|payload|pixel) limit"
        r"|\boversized\b|too (?:large|big)\b|greater than (?:the )?max(?:imum)?\b",
        ErrorKind.TOO_LARGE,
    ),
    (
        WINDOW.format(QUOTA=QUOTA, BILLING=BILLING)
        + r"|rate quota|too many (?:concurrent|simultaneous|parallel) (?:requests|queries|calls)"
        r"|max(?:imum)? (?:number of )?(?:concurrent|simultaneous|parallel) (?:requests|req|calls)"
        r"|(?:allowed|maximum) number of (?:requests|calls) (?:has been |was )?(?:exceeded|reached)"
        r"|throttle your requests|(?:access |call |request )?frequency exceeds"
        r"|bulkhead\s+(?:\S+\s+){0,2}?is full",
        ErrorKind.RATE_LIMITED,
    ),
    (
        rf"{QUOTA}|{BILLING}|{DECLINED_PAYMENT}|usage limit|upgrade your plan"
        r"|add (?:a|your) payment method|arrear(?:s|age)|in good standing"
        r"|budget (?:has been |was |is )?exceeded|exceeded (?:the |your )?budget|over budget"
        r"|(?:reached|exceeded|hit) your"
        r" (?:(?!rate\b|requests?\b|concurren|secondly\b|minutely\b)[\w']+ ){0,2}?limit"
        r"|spending limit|failure to pay|unpaid invoices?|past due|usage (?:\w+ )?limit"
        r"|(?:run|ran) out of (?:searches|credits|requests|tokens)"
        r"|subscription (?:is )?(?:needed|required|expired|inactive|has expired|not active)"
        r"|plan restricted"
        r"|not available on (?:this|your|the current) (?:\w+ )?plan"
        r"|upgrade your (?:[\w']+ ){0,2}(?:plan|account|subscription|tier)|payment required"
        r"|(?:plan|subscription|tier)(?: level)? (?:does not|doesn't|do not|don't)"
        r" (?:support|include|allow|permit|cover|have access)"
        r"|upgrade to (?:a |the )?(?:paid|pro|premium|enterprise|business|higher|team)\b"
        r"|(?:insufficient|not enough|lack of) funds|(?:for|of) (?:the|your) free trial"
        r"|(?:free )?trial (?:has )?(?:ended|expired)|(?:must|need to) subscribe"
        r"|unpaid (?:accounts?|plans?|users?)|(?:requires?|needs?) a paid (?:plan|account)"
        r"|licen[cs]e (?:has )?expired|(?:for|of) (?:the|your) (?:service|subscription) level"
        r"|not (?:a )?premium\b|requires? (?:a )?premium\b|premium (?:plan|subscription)"
        r" (?:is )?required"
        r"|(?:seat|contact|website|site|project|user|member|storage|device|workspace|server"
        r"|collaborator|repositor(?:y|ie)|monitor|domain|session|licen[cs]e)s? limit"
        r" (?:has been |was )?(?:reached|exceeded|hit)"
        r"|reached the (?:\w+ )?limit (?:of|for|on) (?:your|the) (?:\w+ )?"
        r"(?:plan|subscription|tier)"
        r"|(?:plan|tier|subscription) only allows|no active (?:subscription|licen[cs]e|plan)"
        r"|has reach(?:ed)? (?:its |it's |the |their )?"
        r"(?:(?!rate\b|requests?\b|concurren)[\w']+ ){0,2}?limit\b"
        r"|\b(?:account|is|are) over (?:the |its |your )?limit\b(?!:?\s*\d)"
        r"|insufficient storage|(?:to|for) (?:all )?paid (?:plans|subscriptions|accounts) only"
        r"|(?:on|with|for) (?:your )?free (?:plans?|subscriptions?|tiers?|accounts?)\b",
        ErrorKind.PAYMENT_REQUIRED,
    ),
    (
        r"(?<!client )rate[ -]?limit(?:ed|s)?|too ?many ?requests"
        r"|throttl(?:ed|ing|e violation)|abuse detection"
        r"|too many (?:simultaneous|concurrent|parallel) \w+"
        r"|reduce your request rate"
        r"|faster than|too fast|rejected execution|(?<!client )rate limiter(?! wait)"
        r"|queue is full|over qps|over (?:the )?rate\b"
        r"|request rate is (?:too )?large"
        r"|qps (?:limit )?exceeded|exceeded (?:the )?qps"
        r"|too many (?:\w+ ){0,2}(?:violations|attempts|tries)\b"
        r"|(?:account|user) (?:is |has been )?(?:temporarily )?locked\b[^\n]{0,80}?\btry again",
        ErrorKind.RATE_LIMITED,
    ),
    (
        r"reset reason: connection termination"
        r"|(?:may|might) (?:or may not )?have (?:succeeded|completed|been (?:processed"
        r"|executed|applied|created))",
        ErrorKind.UNKNOWN_OUTCOME,
    ),
    (
        r"connection refused|econnrefused|enotfound|eai again|name not resolved"
        r"|all connection attempts failed|failed to establish a new connection"
        r"|(?:cannot|can't|could not|couldn't|unable to|failed to) connect"
        r"|(?:network|host) (?:is )?unreachable|(?:is|are|was) unreachable|no route to host"
        r"|(?:queue)?pool limit|node is behind"
        r"|actively refused|no connection could be made|no listener"
        r"|connect(?:ion)? timed out after|connect timed out|(?:connect|open) ?timeout"
        r"|login timeout expired|name or service not known|nodename nor servname"
        r"|temporary failure in name resolution|unknown host|server not found"
        r"|(?:unable to|could not|cannot) find (?:the )?server"
        r"|circuit ?(?:breaker )?(?:\S+ )?is (?:now )?open|upstream connect error"
        r"|(?:could not|couldn't) resolve host|does not permit further calls"
        r"|\bconnection failed\b|failed to open (?:a )?socket"
        r"|pool (?:has been |is )?exhausted|before (?:a )?secure tls connection was established"
        r"|too many (?:clients|connections)|unable to bootstrap|connecting timed out"
        r"|max(?:imum)? number of (?:clients|connections) (?:reached|exceeded)"
        r"|(?:server )?load (?:is )?too high"
        r"|no (?:brokers|servers|nodes|hosts|replicas|backends)"
        r" (?:are )?available|failed host lookup|no address associated with hostname"
        r"|no such host|tls handshake timeout|dial (?:tcp|udp)\b[^\n]{0,80}?\btimeout"
        r"|pool (?:timeout|timed out)|connection pool timeout|\berror \d+ connecting to\b"
        r"|timed out (?:while )?waiting for (?:an? )?(?:open |available |idle )?connection"
        r"|connection is not available, request timed out|timeout acquiring (?:a )?connection"
        r"|could not obtain a (?:database )?connection|all pooled connections were in use"
        r"|no (?:free |available |idle )connections?\b"
        r"|reached its max(?:imum)? number of (?:sessions|connections|clients)",
        ErrorKind.UNAVAILABLE,
    ),
    (
        r"timed out|time ?out(?! (?:is|must|should|value|parameter|setting)\b)|etimedout"
        r"|fetch failed|connection issue|deadline exceeded"
        r"|econnreset|connection reset|connection loss"
        r"|(?:request|operation|task) was (?:cancell?ed|aborted)"
        r"|unexpected eof(?! while parsing)|(?<!unexpected )eof(?! while parsing)|socket hang up"
        r"|closed (?:the )?connection before"
        r"|connection\b[^.\n]{0,60}?\b(?:was|has been) closed\b"
        r"|failed to respond|unexpected end of file|connection closed before"
        r"|connection was lost|closed connection without response"
        r"|closed in the middle of|broken pipe|epipe|remotely closed|socket closed"
        r"|exceeded (?:the )?max(?:imum)? (?:allowed )?(?:time|duration)\b",
        ErrorKind.UNKNOWN_OUTCOME,
    ),
    (REFUSAL, ErrorKind.REFUSED),
    (
        r"(?:request|application|account)(?: for access)? is (?:still )?pending"
        r" (?:review|approval)|awaiting (?:admin |manual )?approval",
        ErrorKind.APPROVAL_REQUIRED,
    ),
    (
        r"content moderation|moderation system|content policy|safety system"
        r"|flagged by (?:our|the) (?:content|safety|moderation)"
        r"|(?:request|content|prompt|was) moderated"
        r"|failed (?:the |a |our )?safety checks?|safety checks? failed|prohibited content"
        r"|moderation (?:check )?failed|failed (?:the )?moderation"
        r"|(?:user|you) did not confirm|not confirmed by the user",
        ErrorKind.REFUSED,
    ),
    (r"output validation|output schema", ErrorKind.INTERNAL),
    (
        r"validation errors? for|validation (?:error|failed)|failed validation"
        r"|field validation for\b|extra (?:inputs|fields) are not permitted"
        r"|is too (?:long|short) \((?:maximum|minimum) is\b"
        r"|additional properties are not allowed"
        r"|param(?:eter)?s? error"
        r"|exceeds (?:the )?max(?:imum)? (?:query |operation )?(?:complexity|depth)"
        r"|(?:complexity|depth) is too high",
        ErrorKind.INVALID_INPUT,
    ),
    (
        r"(?<!not )paused|(?<!not )suspended|deployment disabled"
        r"|(?:account|organi[sz]ation|workspace|project|source|destination|pipeline"
        r"|integration|connector|api|api ?key|app ?key|licen[cs]e(?: key)?) (?:is |was |has been )?"
        r"(?:disabled|deactivated)"
        r"|disabled for (?:this|your|the) (?:project|account|workspace|organi[sz]ation|app|team"
        r"|site|website)|(?:is|are) in (?:the |a )?black ?list|blacklisted"
        r"|account (?:is |was |has been )?(?:blocked|banned)",
        ErrorKind.PAUSED,
    ),
    (
        r"(?<!result )is ambiguous|ambiguous (?:match|name|reference|slug|id|identifier|key)"
        r"|cannot uniquely identify"
        r"|found in (?:multiple|several) \w+|matched multiple|cannot tell which"
        r"|disambiguation|may refer to|appears? multiple times|multiple occurrences of"
        r"|(?:more than one|multiple) match(?:es)? (?:for|found)"
        r"|(?:contains|returned|found) more than one (?:element|result|row|record|document)"
        r"|expected at most one (?:result|row|record) but got \d+"
        r"|expected (?:1|one|exactly one) occurrences?\b[^.\n]{0,160}?\bfound [2-9]",
        ErrorKind.AMBIGUOUS,
    ),
    (
        r"not found|no such|(?:does not|doesn't) exist|(?:could|can)(?:not|n't| not) be found"
        r"|(?<!if )(?<!may )(?<!might )not exists?\b|did not resolve to an object"
        r"|\bno \w+ could be found|\bno matching (?:\w+ ){0,2}found"
        r"|did not match any files?|no session found|is not defined|enoent|unavailable tool"
        r"|no rows in result set|no documents in result|returned no (?:rows|results|records|data)"
        r"|(?:contains|returned) no (?:elements|rows|results|documents)"
        r"|expected at least one (?:result|row|record) but got none"
        r"|(?:has|have|was|were) not been found|(?:did|does) not match any"
        r"|not in index|are in the \[(?:columns|index)"
        r"|(?:has|have) been (?:removed|deleted)"
        r"|(?:could not|couldn't|cannot|can't|unable to) find (?!exact match)"
        r"|is not a valid tool"
        r"|\b(?:input |source )?file is missing\b"
        r"|\bunknown (?:channel|model|bucket|index|table|route|endpoint|user|project|namespace"
        r"|topic|queue|repository|database|collection|account|object|entity|record|device|job)\b"
        r"|\bno \w+ (?:with|for|matching|named|called)\b[^.\n]{0,80}?\b(?:could|can) be found",
        ErrorKind.NOT_FOUND,
    ),
    (
        r"already exists?|already in use|already completed|conflicts?|would be overwritten"
        r"|unique constraint failed|already (?:done|finished)|duplicate (?:entry|key)"
        r"|is a duplicate"
        r"|unique constraint\b[^.\n]{0,80}?\bviolated|unique (?:constraint|key) violation"
        r"|already an? (?:\w+ )?member|(?:member|file|user|record|entry|item|node) exists"
        r"|eexist"
        r"|already contains"
        r"|already (?:uploaded|published|registered|taken|requested|linked|added)|not unique"
        r"|(?:already|still|is|are) (?:currently )?in use|already (?:been )?(?:taken|used)"
        r"|failed precondition|\bunique constraint\b"
        r"|precondition failed"
        r"|already (?:started|running)"
        r"|(?:updated|modified|changed)(?: or deleted)? by another (?:transaction|user|request)"
        r"|wrong ?expected ?version|version constraint failure|optimistic concurrency"
        r"|(?:modified|changed) or deleted since|(?:record|row) has been (?:changed|modified)\b"
        r"|(?:modified|changed) since (?:it was |you )?last read"
        r"|(?:update|delete|modify) a stale (?:object|struct|entry|record)"
        r"|already (?:been )?(?:processed|submitted|cancell?ed|refunded|captured|finali[sz]ed)"
        r"|overlaps? with (?:an? )?(?:existing|another)|existing overlapping"
        r"|concurrency (?:exception|error|conflict)\b"
        r"|invalid (?:\w+ )?state (?:for|to)\b|in (?:the |a )?wrong state\b"
        r"|already (?:been )?(?!expired\b|locked\b)\w+(?:ed|en)\b|already has an? \w+"
        r"|is already (?:in|on|part of)\b",
        ErrorKind.CONFLICT,
    ),
    (
        r"method\s+(?:is\s+)?not allowed|not supported|unsupported"
        r"|(?:do|does) not support|(?:don't|doesn't) support|must be a file of type"
        r"|not compiled with|\bnot available (?:on|with)\b"
        r"|(?:creation|feature|endpoint|method|operation|mode|option) is not enabled\b"
        r"|(?:does not|doesn't) (?:advertise|declare)\b[^.\n]{0,60}?\bcapabilit(?:y|ies)\b"
        r"|unknown (?:encoder|decoder|codec|(?:output |input |file )?format)\b"
        r"|not a known (?:file )?format",
        ErrorKind.UNSUPPORTED,
    ),
    (
        r"this action is unauthori[sz]ed|not authori[sz]ed (?:to|for|on)"
        r"|(?:cannot|can't) access (?:the |this |that )?resource",
        ErrorKind.PERMISSION_DENIED,
    ),
    (
        r"unauthenticated|unauthori[sz]ed|not authenticated"
        r"|authentication (?:is )?(?:failed|required)|authori[sz]ation (?:is )?required"
        r"|login required|not logged in|must be logged in|bad credentials|bad auth"
        r"|(?:invalid|incorrect|expired|missing)"
        r" (?:(?:access|o?auth|bearer|refresh|jwt|public|secret|private|client|user|session|\w+ api"
        r"|api) )?"
        r"(?:key|token|credentials?)"
        r"|(?:otp|token|session|link|jwt)(?: used| provided)? (?:has )?expired|invalid auth"
        r"|authentication error"
        r"|(?:(?:access|o?auth|authori[sz]ation|bearer|refresh|api) ?(?:key|token)|credentials?"
        r"|signature)"
        r":? (?:is |was |has been )?(?:invalid|expired|revoked|not valid)"
        r"|(?:invalid|incorrect|bad) signature|signature (?:mismatch|verification failed)"
        r"|signature\b[^.\n]{0,40}?\b(?:does not|doesn't) match"
        r"|(?:invalid|missing|non-existent|incorrect)(?: or [\w-]+)?"
        r" (?:authentication|authori[sz]ation(?: header)?)(?! to)"
        r"|must (?:re-?)?authenticate|requires? (?:an? |the )?(?:valid )?"
        r"(?:access|api|o?auth|bearer) ?(?:token|key)"
        r"|o?auth exception|auth(?:entication)? (?:has )?fail(?:ure|ed)|signature failure"
        r"|(?:api[ -]?key|secret|token|credentials?|authori[sz]ation(?: header| field)?)"
        r"\s+(?:is |are )?(?:required|missing)|authentication (?:is )?invalid"
        r"|(?:api[ -]?key|token|credentials?) must be (?:passed|provided|supplied|given|sent)"
        r"|credentials? (?:is |are )?(?:missing or )?invalid"
        r"|(?:invalid|missing|expired|malformed)(?: or [\w-]+)? jwt\b"
        r"|please re-?log ?in|re-?log ?in,? please|(?:log|sign) in again"
        r"|authentication (?:was )?unsuccessful|invalid login\b(?! (?:page|form|url|redirect))"
        r"|(?:api[ -]?key|access token) is not (?:a )?valid\b",
        ErrorKind.UNAUTHENTICATED,
    ),
    (
        r"forbidden|not allowed|not permitted|not enough rights|permissions?|privileges?|denied"
        r"|(?:is|was|been|are|were) blocked|blocked (?:by|for)|contains blocked"
        r"|authori[sz]ation exception"
        r"|(?:do not|don't|does not|doesn't) have (?:\w+ ){0,2}?(?:access|authori[sz]ation)"
        r"|no access to|access refused|access violation"
        r"|(?:does not|doesn't|do not|don't) have (?:the )?rights?\b"
        r"|in read[- ]only mode|read[- ]?only (?:mode is enabled|violation)"
        r"|not in (?:the )?allowed|outside (?:the )?allowed|not a public address",
        ErrorKind.PERMISSION_DENIED,
    ),
    (
        r"too (?:large|big|long)|exceeds (?:the )?max(?:imum)?|maximum context length"
        r"|exceeded (?:the )?max(?:imum)? (?!retries|retry|attempts|rate|requests|calls)\w+"
        r"|larger than (?:the )?max(?:imum)?|exceeds? (?:the )?available context"
        r"|max(?:imum)? allowed (?:tokens|size|length)"
        r"|exceeded limit on max(?:imum)? bytes|max(?:imum)? of \d+ [\w ]{1,40}? per request"
        r"|(?:cannot|can't|must not|may not) be (?:longer|larger|bigger) than"
        r"|number of tokens[^.\n]{0,40}?(?:cannot|must not) exceed"
        r"|longer than the model's (?:maximum )?context length|context length exceeds",
        ErrorKind.TOO_LARGE,
    ),
    (
        r"an? unexpected (?:internal )?error (?:has )?occurred|encountered an? unexpected error"
        r"|there was a problem (?:while )?"
        r"processing|(?:there was )?an unexpected internal error",
        ErrorKind.INTERNAL,
    ),
    (
        r"overloaded|unavailable|currently loading|not (?:currently )?responding|backpressure"
        r"|loading the dataset"
        r"|(?:database|server|service|host|cluster|instance|node|worker|backend|bridge)\b"
        r"[^.\n]{0,80}?\b(?:is )?not (?:currently )?available"
        r"|(?:model|server|service|worker)s? (?:\S+ )?(?:is |are )?not ready(?: yet)?"
        r"|(?:out of|over|at|insufficient) capacity"
        r"|temporarily (?:disabled|offline)|(?:undergoing|down for) (?:\w+ )?maintenance"
        r"|(?:is|are) (?:currently |now )?under (?:\w+ )?maintenance|in maintenance mode"
        r"|(?<!slow )(?<!narrow )(?<!drill )(?<!break )(?<!scroll )down|try again (?:later|shortly)"
        r"|(?:server|service|system)s? (?:is |are )?(?:too )?busy"
        r"|experiencing (?:high|heavy|unusually high) (?:demand|load|traffic)"
        r"|temporary congestion|temporarily unable to|\bis (?:currently )?offline\b"
        r"|(?:re-?submit|resend|retry) (?:your |the )?(?:request |connection |operation )?later",
        ErrorKind.UNAVAILABLE,
    ),
    (r"resource exhausted", ErrorKind.RATE_LIMITED),  # gRPC's, when no word says more
    (r"unimplemented", ErrorKind.UNSUPPORTED),
    (
        r"internal(?: server)? error|server error|max(?:imum)? retries|retries exhausted"
        r"|object has no attribute|object is not (?:callable|subscriptable|iterable)",
        ErrorKind.INTERNAL,
    ),
    (
        r"invalid|missing|malformed|required|cannot specify both|could not find exact match"
        r"|eisdir|enotdir|is a directory|not a directory|syntax error"
        r"|cannot query field|(?:does not|doesn't) accept|not accepted|unknown argument"
        r"|(?:does not|doesn't) define (?:these |this |the )?(?:param(?:eter)?s?|arguments?)"
        r"|is not (?:an? )?valid|cannot be resolved|unresolved"
        r"|unknown (?:variable|parameter|field|column|argument|option|property|attribute)"
        r"|wrongtype|wrong kind of value|must be (?:less|greater|fewer|more|smaller|larger) than"
        r"|must be (?:between|at (?:least|most))|out of (?:bounds|range)|parser? error"
        r"|must (?:contain|have|include) at (?:least|most)\b|\billegal\b"
        r"|(?:less|lower|smaller|fewer) than the min(?:imum)?\b|deserializ\w*|failed to parse\b"
        r"|must be an? (?:array|string|integer|number|boolean|object|list|valid)\b"
        r"|error tokenizing"
        r"|should be (?:an? )?(?:integers?|numbers?|strings?|booleans?|arrays?|objects?|lists?"
        r"|valid|positive|non-negative|one of|between|at (?:least|most)|less|greater)\b",
        ErrorKind.INVALID_INPUT,
    ),
)
"""(words, kind), most telling first.  Words are whole words of the text once codes are
split into words: ``channel_not_found`` and ``accessDenied`` say "not found" and
"denied".

A connection refused or a name that did not resolve (Node's ``connect ECONNREFUSED``
and ``getaddrinfo ENOTFOUND``, Chromium's ``net::ERR_CONNECTION_REFUSED`` and
``net::ERR_NAME_NOT_RESOLVED``, httpx's ``ConnectError('All connection attempts
failed')``) means the request never left: ``unavailable``, and
these words come before Node's ``fetch failed``, the wrapper undici throws whatever
the cause, which alone may have sent the request (``unknown_outcome``).  The Python
MCP SDK checks a tool's arguments with pydantic ("1 validation error for
fetchArguments ... Input should be a valid URL"), and any check that says validation
failed (Replicate's "Input validation failed", Tavily's "All URLs failed validation"):
bad input, whatever the check's own words say, "not allowed" among them.
"Authorization Required" is HTTP/1.1's first name for a 401 (RFC 2068), which
servers still send: unauthenticated.  errno's ``EISDIR`` and ``ENOTDIR`` name a path
of the wrong kind: bad input.  SQLite's "UNIQUE constraint failed" is a row that is
already there.  Envoy's 503 ("upstream connect error or disconnect/reset before
headers. reset reason: connection failure", every Istio and Envoy gateway's) never
reached the upstream, unless its reset reason is "connection termination": the
upstream closed a connection it had, which may have run the request.  Rails' uniqueness
check says "has already been taken"; a key "could not be found" or a login that
"requires an authenticated user" is a credential missing, not a resource.  A socket
closed "before secure TLS connection was established" (Node's), a server with "too many
clients already" (PostgreSQL's 53300) or "no brokers available" (Kafka's) ran nothing;
a connection's ``EOF`` (Go's ``Get "...": EOF``) or one "closed in the middle of
operation" (asyncpg's) may have run it, unlike Python's "unexpected EOF while parsing".
A name that "is ambiguous" is ambiguous, except CockroachDB's "result is ambiguous",
whose statement may have run.  An account, app or extension "not connected", or that
one "must first connect" (Browser MCP's "No connection to browser extension", Vercel's
"add a Login Connection ... first"), is a connection a person makes,
not a network's failure; MQTT's "Connection Refused: not authorised" is a credential.
A name with no address (Go's "no such host", Dart's "Failed host lookup"), a TLS
handshake or a dial that timed out, and a wait for a pool's connection that timed out
(go-redis' "connection pool timeout", sqlx's "pool timed out while waiting for an open
connection", HikariCP's "Connection is not available, request timed out") ran nothing:
``unavailable``, before the words of a timeout.  A version that is not the one expected
(EventStoreDB's ``WrongExpectedVersion``, HAPI FHIR's "version constraint failure") and
EF Core's optimistic concurrency are a conflict; Go's ``sql: no rows in result set`` is
nothing there; a "token invalid" (Tuya's), a "sign invalid" and a missing client
certificate (Teller's) are credentials, and a token that lacks a scope a permission
before any word of a token's ("Invalid access token, does not contain scopes", Zoom's).
A size "larger than request limit" (ureq's) is too large, before a request limit's
words; a plan that "does not support" or "does not have access to" a feature is
billing, before the words of an unsupported one; Laravel's 403 "This action is
unauthorized." is a permission, before the bare word's credential;
a bulkhead that "is full" is a rate, a circuit breaker that "is OPEN and does not permit
further calls" (Resilience4j's) a service that ran nothing.  A fault that "occurred"
unexpectedly, or "a problem while processing" the request, is the server's own, though
it asks to try again later (Censys', Personio's 500s): internal, and the invitation
says a retry may help.  An "Invalid authorization" (Clash of Clans' 403), a request that
"requires an access token" (Prismic's) and a user who "must authenticate" are
credentials, whatever status comes with them; two words joined by a slash ("Token
invalid/expired", authentik's 403; Packagist's "Missing or invalid username/apiToken")
are no path."""


@cache
def _compiled() -> tuple[re.Pattern[str], tuple[re.Pattern[str], ...]]:
    """The table compiled, on first use (compiling it at import cost 2.8 ms, a sixth of
    the library's own import time): every entry in one pattern without groups, which the
    regular expression engine scans far faster than one group an entry, so that one scan
    of the text finds them all; and each entry alone, to tell which one a phrase is."""
    every = re.compile(rf"\b(?:{'|'.join(words for words, _ in WORDS)})\b")
    return every, tuple(re.compile(words) for words, _ in WORDS)


_ENTRY: Final[dict[str, int]] = {}
"""The entry each phrase found belongs to, filled as phrases are met: every entry names
finitely many phrases, so this stays small."""
_CAMEL: Final = r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])"
_JOINERS: Final = str.maketrans("_-.", "   ")


_BILLING: Final = rf"\b(?:{BILLING})\b"
_REFUSAL: Final = rf"\b(?:{REFUSAL})\b"
"""The patterns above are compiled on first use, by ``re``'s own cache: compiled at
import, they cost 0.09 ms of start-up (the table's, in `_compiled`, far more)."""


_NAMES: Final = (
    r"(?<![\w.+-])[a-z][a-z\d+.-]*://\S+"  # a URL (in lower case, as the text is read)
    r"|(?<![\w'(])'[^'\n ]+(?: [^'\n ]+)?'(?!\w)|‘[^’\n]+’|`[^`\n]+`"  # a quoted name
    r'|(?<![\w:(])(?<!: )"[^"\n ]+(?: [^"\n ]+)?"(?!\w)(?!\s*:)|“[^”\n]+”'  # not JSON's
    r"|(?<!\S)(?!(?:invalid|expired|missing|revoked|incorrect|user ?name|password|email)/)"
    r"(?:[a-z]:\\|[^\s/]*/)\S*"  # a path: /a, ./a, ~/a, src/a, C:\a
    r"|(?<![\w-])\w[\w-]*(?:\.[\w-]+)+"  # a file or host name: missing.txt, example.invalid
    r"|(?<=executing tool )[^\s:]+"  # the MCP SDK's "Error executing tool read_missing: ..."
)
"""What names a thing rather than says what went wrong, in a sentence: a URL, a quoted
word or two (a sentence in quotes, gRPC's ``details = "failed to connect to all
addresses"``, is what went wrong), a path, a dotted file or host name.  Its words are
no failure's: git's
"pathspec 'missing.txt' did not match any files" is not found, not bad input, and a
host named ``x.invalid`` is no invalid input, nor a tool named ``read_missing`` in the
MCP SDK's "Error executing tool read_missing: ...".  A double-quoted string before a colon or
after one is JSON's, not a name."""


@cache
def _names() -> re.Pattern[str]:
    """`_NAMES` compiled on first use, for lower-case text (``re.IGNORECASE`` costs a
    third more)."""
    return re.compile(_NAMES)


_MEMBER: Final = r"\b[A-Z]\w*\.([A-Z][A-Z\d_]+)\b"
"""An enumeration's member named with its class (gRPC's ``StatusCode.UNAVAILABLE``):
its name says what happened, which the dotted name alone would blank as a host's."""
_MARKS: Final = frozenset("'\"`‘“/\\")
"""Characters a quoted name, a path or a URL holds."""


def outside_names(text: str) -> str:
    """``text``, in lower case, with every name in it (`_NAMES`) blanked out: the words a
    failure says.  Most texts hold no mark of a name, which set and substring tests tell
    before the expression runs (it takes some 10 µs a sentence)."""
    lowered = text.lower()
    if (
        _MARKS.isdisjoint(lowered)
        and "." not in lowered.rstrip(". \n")
        and "executing tool" not in lowered
    ):
        return lowered
    return _names().sub(" ", re.sub(_MEMBER, r" \1", text).lower())


def camel_words(name: str) -> str:
    """A camelCase name's words, apart and in their case (``TooManyRequests`` -> ``Too
    Many Requests``)."""
    return re.sub(_CAMEL, " ", name)


def _words(texts: tuple[str | None, ...]) -> str:
    """The texts as lower-case words: codes split at ``_``, ``-``, ``.`` and camelCase;
    sentences read outside the names in them (`outside_names`)."""
    if len(texts) == 1:
        return _word(texts[0]) if texts[0] else ""
    return " ".join(_word(t) for t in texts if t)


def _word(text: str) -> str:
    """A sentence in lower case, outside its names; a code (one word) split at ``_``,
    ``-``, ``.`` and camelCase first."""
    if " " in text:  # its camelCase words split too (MongoDB's "In readOnly mode")
        text = outside_names(re.sub(_CAMEL, " ", text))
        return text.replace("_", " ") if "_" in text else text
    return re.sub(_CAMEL, " ", text).translate(_JOINERS).lower()


def _entry(phrase: str) -> int:
    """The first entry of the table that names ``phrase``, as the alternation chose it."""
    index = _ENTRY.get(phrase)
    if index is None:
        index = next(i for i, each in enumerate(_compiled()[1]) if each.fullmatch(phrase))
        _ENTRY[phrase] = index
    return index


def names_billing(*texts: str | None) -> bool:
    """Whether the texts name billing, credit or a balance (a rate limit's quota does not)."""
    return re.search(_BILLING, _words(texts)) is not None


_SPENT: Final = (
    rf"\b(?:{BILLING}|month(?:ly)?|plan|upgrade|subscri\w+|trial|funds|payment|paid|spend\w*"
    r"|budget|free tier)\b"
)
"""Words of money or of a period no wait outlasts, beside a quota."""


def only_a_quota(*texts: str | None) -> bool:
    """Whether the texts name a quota and nothing of money or of a month (`_SPENT`):
    a 429's "You exceeded your quota for the requested resource" (Amazon SP-API's) is its
    usage plan's rate, where "exceeded your current quota, please check your plan and
    billing details" is spent credit."""
    said = _words(texts)
    return re.search(QUOTA, said) is not None and re.search(_SPENT, said) is None


_PRIVILEGE: Final = (
    r"\b(?:permissions?|privileges?|rights?|roles?|superusers?)\b"
    r"|\bnot authori[sz]ed to (?!access\b)\w+"
)
_SCOPE: Final = r"\bscopes?\b"
_CREDENTIAL: Final = (
    r"\b(?:api ?keys?|keys?|tokens?|passwords?|credentials?|log ?in|sign ?in|authenticat\w*"
    r"|sessions?|signatures?)\b"
)


def names_privilege(*texts: str | None) -> bool:
    """Whether the texts name a right the caller lacks and no credential (a scope counts
    whatever it is the scope of): "The token does not have permissions to the table"
    names a credential, "Insufficient scopes on access token" and "You are not authorized
    to view or perform this action" a right."""
    said = _words(texts)
    return re.search(_SCOPE, said) is not None or (
        re.search(_PRIVILEGE, said) is not None and re.search(_CREDENTIAL, said) is None
    )


def names_refusal(text: str) -> bool:
    """Whether ``text`` says that a person said no, whatever else it says; most texts say
    nothing like it, which substring tests tell before the expression runs."""
    lowered = text.lower()
    for word in _REFUSAL_WORDS:
        if word in lowered:
            return re.search(_REFUSAL, outside_names(text)) is not None
    return False


def names_missing_resource(text: str) -> bool:
    """Whether ``text`` says that a resource is not there (`MISSING_RESOURCE`), outside
    the names in it."""
    if "resource" not in text.lower():  # most -32602s: a substring test, no expression
        return False
    return re.search(MISSING_RESOURCE, outside_names(text)) is not None


def _first(texts: tuple[str | None, ...]) -> int:
    """The index of the first entry of the table found in ``texts``; ``len(WORDS)`` when
    none is."""
    first = len(WORDS)
    for found in _compiled()[0].finditer(_words(texts)):
        index = _entry(found.group())
        if index < first:
            first = index
            if index == 0:
                break
    return first


def kind_of_words(*texts: str | None) -> ErrorKind | None:
    """The kind the first entry of the table found in ``texts`` names, or ``None``."""
    first = _first(texts)
    return WORDS[first][1] if first < len(WORDS) else None


def undone(*texts: str | None) -> bool:
    """Whether the words that decide ``texts`` say the statement was undone or never ran
    (`UNDONE`), so that running it again may succeed."""
    first = _first(texts)
    return first < len(WORDS) and WORDS[first][0] in UNDONE


_ADVICE: Final[dict[ErrorKind, bool | None]] = {
    **dict(HTTP.values()),
    ErrorKind.REFUSED: False,
    ErrorKind.PAUSED: False,
    ErrorKind.AMBIGUOUS: False,
    ErrorKind.NOT_CONNECTED: False,
    ErrorKind.APPROVAL_REQUIRED: False,
}
"""The retry advice words give: a status's for the kind it stands for (a rate limit may be
retried, a timeout may have run), and never for a refusal, a pause or an approval, which
a person must give or lift."""


_INVITED: Final = r"\b(?:please|you can|you may|feel free to) (?:try again|retry)\b"
"""A server's own invitation to send the request again, which its fault's words alone
do not give (a 500's "We encountered an internal error. Please try again.", Amazon
SP-API's; "... You can retry your request")."""


def read_words(*texts: str | None) -> tuple[ErrorKind, bool | None] | None:
    """``(kind, retryable)`` from the known words in ``texts``, or ``None``: the advice
    the kind's status gives, and a retry where the statement was undone (`UNDONE`) or
    where a fault's words invite one (`_INVITED`)."""
    first = _first(texts)
    if first == len(WORDS):
        return None
    kind = WORDS[first][1]
    if WORDS[first][0] in UNDONE:
        return kind, True
    if kind is ErrorKind.INTERNAL and re.search(_INVITED, _words(texts)) is not None:
        return kind, True
    return kind, _ADVICE[kind]


UNSAID: Final = (ErrorKind.UNKNOWN, None)
"""Nothing in the payload says: the HTTP status decides, else the kind stays unknown."""


def row_or_words(
    row: Row | None, *texts: str | None, status: int | None = None
) -> tuple[ErrorKind, bool | None]:
    """``(kind, retryable)`` of a code's ``row``; for a code the table does not hold, the
    known words in ``texts``; else what the body's own ``status`` stands for; else
    ``unknown`` with no advice, for the response's status to decide."""
    if row is not None:
        return row.kind, row.retryable
    return read_words(*texts) or of_status(status) or UNSAID


_NUMBER: Final = r"\d+(?:,\d{3})*(?:\.\d+)?(?![.,]?\d)"
"""A number, whole or not at all: "15 days" is never read as its "1", nor "1,000" as
"1"; "1,5" is no number."""
_AMOUNT: Final = (
    rf"{_NUMBER}"
    r"(?:\s*(?:ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?)"
    r"(?![a-z])|(?!\s*[a-z\d]))"
)
"""A number and its unit, if any; a number followed by another word ("10 business days",
"3 attempts") or by another number ("1 000 seconds") is no wait."""


@cache
def _wait_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The wait a text states and its parts, compiled on first use: compiling them costs
    0.8 ms (median of 20 here), which a process that reads no such text never pays."""
    stated = rf"\b(?:retry|try again)\s+(?:after|in)\s+((?:{_AMOUNT}\s*)+)"
    part = rf"({_NUMBER})\s*([a-z]*)"
    return re.compile(stated, re.IGNORECASE), re.compile(part, re.IGNORECASE)


_SCALE: Final = {"m": 60.0, "h": 3600.0, "d": 86400.0}
"""Seconds per minute, hour and day, by the unit's first letter; a number with no unit,
or with ``s``, ``sec`` or ``seconds``, is in seconds."""


def _seconds(number: str, unit: str) -> float:
    unit = unit.lower()
    scale = 0.001 if unit.startswith(("ms", "milli")) else _SCALE.get(unit[:1], 1.0)
    return float(number.replace(",", "")) * scale


def wait_in_text(text: str) -> float | None:
    """The wait a text states, in seconds, or ``None``: "retry after 3" (seconds when no
    unit is given), "try again in 17.359s", "retry in 1m30s", "try again in 5 minutes",
    "retry in 24 hrs", "try again in 15 days"; at most `MAX_WAIT`."""
    stated, part = _wait_patterns()
    found = stated.search(text)
    if found is None:
        return None
    return bounded_wait(sum(_seconds(number, unit) for number, unit in part.findall(found[1])))


# RFC 9110 renamed four reason phrases of RFC 7231. Servers and clients send both, and
# Python's `http.HTTPStatus` gives the old ones before 3.13 and the new ones from 3.13 on:
# both are read, and the new one (first) is written, on every Python alike.
_RENAMED: Final = {
    413: ("Content Too Large", "Request Entity Too Large"),
    414: ("URI Too Long", "Request-URI Too Long"),
    416: ("Range Not Satisfiable", "Requested Range Not Satisfiable"),
    422: ("Unprocessable Content", "Unprocessable Entity"),
}


_OLDER: Final = {
    401: ("Authorization Required",),
    408: ("Request Time-out",),
    414: ("Request-URI Too Large",),
    504: ("Gateway Time-out",),
}
"""Names HTTP/1.1 gave first (RFC 2068, RFC 2616's "Time-out"s), which nginx's and
HAProxy's error pages still print ("401 Authorization Required", "504 Gateway
Time-out"): read, never written."""


@cache
def _reasons() -> dict[int, tuple[str, ...]]:
    """The reason phrases of each HTTP error status: Python's `http.HTTPStatus` and, for
    the renamed ones, both names, the current first, then any older one (`_OLDER`).
    Built on first use, and ``http`` imported then (1 ms)."""
    from http import HTTPStatus

    return {
        status.value: _RENAMED.get(status.value, (status.phrase,)) + _OLDER.get(status.value, ())
        for status in HTTPStatus
        if status >= 400
    }


def reason_phrase(status: int) -> str | None:
    """The reason phrase of an HTTP error status ("Not Found", "Unprocessable Content"),
    the same on every Python, or ``None`` for a status with none."""
    names = _reasons().get(status)
    return None if names is None else names[0]


@cache
def _status_patterns() -> tuple[
    re.Pattern[str], re.Pattern[str], re.Pattern[str], dict[int, tuple[str, ...]]
]:
    """A status named as one ("HTTP 422", "HTTP error 500", "HTTP-Code: 403", "status code
    429", "Error 403" before no lower-case word); one a client's message
    gives right after the address it asked, before a capitalised word ("GET
    https://...: 404 Not Found", "https://...\n422 Invalid request"); any other
    three-digit error number before a word; the Stainless-built SDKs' "Error code: 429 -
    {...}" (Runway's, and many AI providers'); urllib3's "too many 429 error responses",
    the cause of its ``MaxRetryError`` when every attempt was answered so; curl's "The
    requested URL returned error: 429"; .NET's "Response status code does not indicate
    success: 409 (Conflict)"; OkHttp's ``Response{protocol=h2, code=404, ...}``; Unleash's
    "Response was not statusCode 2XX, but was 401"; npm's "code E404"; the
    ``ApiException`` of an OpenAPI Generator client for Python, "(401)\nReason: ...";
    requests' ``HTTPError``, "403 Client Error: Forbidden for url: ..."; aiohttp's
    ``ClientResponseError``, "403, message='Forbidden', url='https://...'"; and the
    reason phrases of each HTTP error status, in lower case.  Compiled on first use."""
    named = (
        r"(?:\b|_)(?:HTTP(?:/[\d.]+)?(?:\s+error|[-_ ]code)?|status(?:[ _]code)?|response code)"
        r"[\s:=]*([45]\d\d)\b"
        r"|\berror:?\s+([45]\d\d)\b(?![.,]?\d|\s+[a-z]|[ -][245]\.\d)"
        r"|\btoo many ([45]\d\d) error responses|\berror code:\s*([45]\d\d)\b"
        r"|\breturned\s+(?:an?\s+)?(?:error|code):?\s*([45]\d\d)\b"
        r"|\bdoes not indicate success:\s*([45]\d\d)\b"
        r"|\bresponse\{protocol=[^,}\s]+,\s*code=([45]\d\d)\b"
        r"|\bstatus ?code 2xx,? but was ([45]\d\d)\b"
        r"|\bcode E([45]\d\d)\b"
        r"|\(([45]\d\d)\)\s*reason:"
        r"|\b([45]\d\d) (?:client|server) error\b"
        r"|\b([45]\d\d), message=['\"]"
    )
    asked = r"\bhttps?://\S+\s+([45]\d\d)\s+(?=[A-Z][a-z])"
    bare = r"\b([45]\d\d)\s+(?=[A-Za-z])"
    phrases = {
        status: tuple(name.lower() for name in names) for status, names in _reasons().items()
    }
    return (
        re.compile(named, re.IGNORECASE),
        re.compile(asked),
        re.compile(bare),
        phrases,
    )


def is_reason_phrase(text: str) -> bool:
    """Whether ``text`` is only an HTTP status's reason phrase ("Forbidden", "Not Found"):
    a name of a status, which says no more than the status the response has."""
    return len(text) < 32 and status_of_phrase(text.strip()) is not None


def status_of_phrase(text: str) -> int | None:
    """The HTTP error status whose reason phrase ``text`` is ("Not Found", "Too Many
    Requests", "Unprocessable Entity" or "Unprocessable Content", in any case), or
    ``None``."""
    lowered = text.lower()
    phrases = _status_patterns()[3]
    return next((status for status, names in phrases.items() if lowered in names), None)


def status_in_text(text: str) -> int | None:
    """The HTTP error status a text states, or ``None``: "HTTP 422", "HTTP error 500",
    "status code 429", "Request failed with status code 402" (axios), "Error 403:";
    "GET https://...: 404 Not Found" and "https://...\n422 Invalid request" (the status
    of the address asked); or anywhere before its own reason phrase ("Error 404 Not
    Found", "(503 Service Unavailable)").  A number with no such mark is no status,
    however it stands: an amount ("Payment declined: 500 Euros exceeds your daily
    limit", "Requested 500 tokens"), a house number ("Address not found: 429 Main
    Street") or a count ("Found 401 Users").  A reason phrase alone after the last
    colon names its status too ("Lemon Squeezy API error: Unprocessable Entity"), and
    so does a status code's name in camelCase ("status code BadRequest", .NET's)."""
    named, asked, bare, phrases = _status_patterns()
    found = named.search(text) or asked.search(text)
    if found is not None:
        return int(next(group for group in found.groups() if group))
    for found in bare.finditer(text):
        status = int(found[1])
        rest = text[found.end() :].lower()
        if rest.startswith(phrases.get(status, ())):
            return status
    for found in re.finditer(r"\b([45]\d\d) \(", text):  # "422 (Unprocessable Entity)"
        status = int(found[1])
        if text[found.end() :].lower().startswith(phrases.get(status, ())):
            return status
    _, colon, tail = text.rpartition(": ")
    if colon and len(tail) < 40:
        return status_of_phrase(tail.strip().rstrip("."))
    coded = re.search(_STATUS_NAMED_IN_CODE, text)  # .NET's HttpStatusCode by its name
    return status_of_phrase(camel_words(coded[1])) if coded is not None else None


_STATUS_NAMED_IN_CODE: Final = r"\bstatus code:? ((?-i:[A-Z][a-z]+(?:[A-Z][a-z]+)+))\b"
"""A status named by its enumeration's member, as .NET's ``HttpStatusCode`` prints
(RestSharp's "Request failed with status code BadRequest")."""
