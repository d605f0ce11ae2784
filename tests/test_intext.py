"""Errors written as text: a source's mark makes a text an error; a text already known to
be one is read for the mark, the JSON and the words in it."""

from __future__ import annotations

import pytest

from toolerrors import ErrorKind, error_of
from toolerrors._intext import MAX_DEPTH, embedded


def _failed(text: str) -> dict[str, object]:
    return {"isError": True, "content": [{"type": "text", "text": text}]}


def _read(text: str) -> tuple[ErrorKind, bool | None, int | None, str | None]:
    error = error_of(_failed(text))
    assert error is not None
    return error.kind, error.retryable, error.status_code, error.vendor


def test_json_after_a_prefix_is_read_as_any_payload() -> None:
    """An object after "Error: " or " - " in a failed tool's text is read by the
    dispatcher, its words and status included."""
    pg = 'Error: {"error": {"name": "PgMetaDatabaseError", "message": "syntax error at or near \\"selec\\""}}'  # fmt: skip
    assert _read(pg) == (ErrorKind.INVALID_INPUT, False, None, None)
    slack = 'Slack said - {"ok": false, "error": "channel_not_found"} - giving up'
    assert _read(slack) == (ErrorKind.NOT_FOUND, False, None, "slack")


def test_json_is_never_more_retryable_than_the_words_around_it() -> None:
    """An embedded object that invites a retry the text's own words do not is passed
    over: the text's own reading stands."""
    pythe = '"ok": false, "code": "http_503", "message": "x", "retryable": true, "how_to_fix": "h"'
    assert _read(f"Payment declined: {{{pythe}}}") == (ErrorKind.REFUSED, False, None, "mcp")
    assert _read(f"Tool crashed: {{{pythe}}}") == (ErrorKind.INTERNAL, None, None, "mcp")
    assert _read(f"Tool is overloaded: {{{pythe}}}")[:2] == (ErrorKind.UNAVAILABLE, True)


def test_a_status_stated_in_a_failed_tools_text_decides_when_no_word_does() -> None:
    """A status named as one: "HTTP error 500", "Error 403", axios' "Request failed with
    status code 402"."""
    assert _read("HTTP error 500: boom") == (ErrorKind.INTERNAL, None, 500, "mcp")
    assert _read("Search error: Error 403") == (ErrorKind.PERMISSION_DENIED, False, 403, "mcp")
    assert _read("Search error (402): Request failed with status code 402") == (
        ErrorKind.PAYMENT_REQUIRED, False, 402, "mcp",
    )  # fmt: skip


def test_a_mark_in_a_failed_tools_text_decides_by_its_code() -> None:
    """An McpError's text in an isError result is the JSON-RPC error it reports."""
    assert _read("Error calling tool: McpError: MCP error -32602: bad argument") == (
        ErrorKind.INVALID_INPUT, False, None, "jsonrpc",
    )  # fmt: skip


def test_a_32603_that_says_nothing_more_takes_the_json_in_its_message() -> None:
    """The JSON after a -32603's message decides where its code and words do not, never
    more retryable than -32603."""
    text = 'MCP error -32603: upstream said {"error": "not_found", "message": "gone"}'
    assert _read(text)[:2] == (ErrorKind.NOT_FOUND, False)
    retried = 'MCP error -32603: upstream said {"error": {"type": "overloaded_error", "message": "x"}}'  # fmt: skip
    assert _read(retried) == (ErrorKind.INTERNAL, None, None, "jsonrpc")


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ('Error: {"a": {"b": "}"}} and more', {"a": {"b": "}"}}),
        ('Error: {"a": "\\"}"} tail', {"a": '"}'}),
        ('Error: {not json} then {"a": 1}', {"a": 1}),
        ('{"a": 1} at the start is the whole text\'s, not embedded', None),
        ('Error: {"a": 1', None),
        ("no braces", None),
        ("x" + '{"a": ' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1), None),
    ],
)
def test_the_first_balanced_object_is_found_within_bounds(
    text: str, found: dict[str, object] | None
) -> None:
    """Braces inside strings and escapes are not counted; an object that does not close,
    or nests deeper than MAX_DEPTH, or is longer than the limit, is not read."""
    assert embedded(text) == found


def test_an_embedded_object_over_the_size_limit_is_not_read() -> None:
    """The size limit holds inside a text as it does for a whole one."""
    assert embedded('Error: {"a": "' + "x" * 100 + '"}', max_bytes=50) is None


# Texts as clients, SDKs and MCP servers word a failure, each given alone: (text, kind,
# retryable), with where it was seen.
ANNOUNCED = [
    # Browserbase MCP's tool text
    ("Error: Failed to create Browserbase session: Unknown error: 500", ErrorKind.INTERNAL, None),
    # Exa MCP, hosted, answering 401 (its RFC 6750 body inside)
    ('Search error (401): {"error":"invalid_token","error_description":"Configuration required"}',
     ErrorKind.UNAUTHENTICATED, False),
    # Exa MCP answering 402 through axios
    ("Search error (402): Request failed with status code 402", ErrorKind.PAYMENT_REQUIRED, False),
    # firecrawl-js' FirecrawlError, logged by an agent: a quota that refills in 1 s
    ("Error running query: FirecrawlError: Request failed with status code 429. Error: Rate"
     " limit exceeded. Upgrade your plan at https://firecrawl.dev/pricing for increased rate"
     " limits or please retry after 1s", ErrorKind.RATE_LIMITED, True),
    # cohere-python's exception, as str()
    ("cohere.errors.unauthorized_error.UnauthorizedError: status_code: 401, body:"
     " {'message': 'invalid api token'}", ErrorKind.UNAUTHENTICATED, False),
    # ollama-python's ResponseError
    ("ollama._types.ResponseError: model 'llama2' not found, try pulling it first",
     ErrorKind.NOT_FOUND, False),
    # DeepSeek's documented 402 text
    ("402 Insufficient Balance", ErrorKind.PAYMENT_REQUIRED, False),
    # A standard HTTP client's exception by its qualified name, as a traceback's last
    # line prints it, read as from_exception reads the class: httpx's read timeout
    # (github.com/mxrch/GHunt/issues/119) may have happened; aiohttp's refused connection
    # (github.com/aio-libs/aiohttp/issues/3171) never left
    ("httpx.ReadTimeout: The read operation timed out", ErrorKind.UNKNOWN_OUTCOME, None),
    ("aiohttp.client_exceptions.ClientConnectorError: Cannot connect to host python.org:80"
     " ssl:None [Network is unreachable]", ErrorKind.UNAVAILABLE, True),
    # requests' ConnectionError wraps a refused connection and a lost one alike: the cause
    # its text names decides (github.com/danvk/RangeHTTPServer/issues/38)
    ("requests.exceptions.ConnectionError: HTTPConnectionPool(host='localhost', port=8712):"
     " Max retries exceeded with url: /tests/data.txt (Caused by NewConnectionError("
     "'<urllib3.connection.HTTPConnection object at 0x7fd318fb51f0>: Failed to establish a"
     " new connection: [Errno 111] Connection refused'))", ErrorKind.UNAVAILABLE, True),
    # A status that came back beats a transport failure's words: the request was answered
    # (npm, github.com/pnp/cli-microsoft365/issues/446)
    ("Error: fetch failed with status code 403", ErrorKind.PERMISSION_DENIED, False),
    # cargo publishing a version crates.io already has
    # (github.com/pksunkara/cargo-workspaces/issues/25)
    ("error: api errors (status 200 OK): crate version `0.12.0` is already uploaded",
     ErrorKind.CONFLICT, False),
    # A database driver's exception by PEP 249's class names: a statement's integrity
    # error is not retried as it is, and its quoted message says what (MySQL's 1062, a
    # row already there); an operational one may have run, unless its words say the
    # statement was undone: MySQL rolls a deadlocked transaction back ("InnoDB
    # automatically detects transaction deadlocks and rolls back a transaction",
    # dev.mysql.com/doc/refman/8.0/en/innodb-deadlocks.html), and SQLite ran nothing
    # while the database was locked (SQLITE_BUSY, sqlite.org/rescode.html#busy)
    # (github.com/hail-is/hail/pull/8014, github.com/codalab/codalab-worksheets/issues/3337)
    ("pymysql.err.IntegrityError: (1062, \"Duplicate entry '7433-432443' for key 'PRIMARY'\")",
     ErrorKind.CONFLICT, False),
    ("MySQLdb._exceptions.OperationalError: (1213, 'Deadlock found when trying to get lock;"
     " try restarting transaction')", ErrorKind.CONFLICT, True),
    ("sqlite3.OperationalError: database is locked", ErrorKind.UNAVAILABLE, True),
    ("MySQLdb._exceptions.OperationalError: (2013, 'Lost connection to MySQL server during"
     " query')", ErrorKind.UNKNOWN_OUTCOME, None),
    # Docker's daemon answering a pull over Docker Hub's limit
    # (github.com/docker/hub-feedback/issues/2429)
    ("Error response from daemon: toomanyrequests: You have reached your pull rate limit.",
     ErrorKind.RATE_LIMITED, True),
    # "Unable to" and a verb, then words that say an error (a Laravel Cloudinary adapter,
    # github.com/yoelpc4/laravel-cloudinary/issues/11)
    ("Unable to list contents from location: livewire-tmp. Rate Limit Exceeded. Limit of"
     " 500 api operations reached.", ErrorKind.RATE_LIMITED, True),
    # Go's url.Error: the method, the quoted address, the cause
    # (github.com/umair9747/4oFour/issues/1)
    ('Get "https://127.0.0.1/somerandompathwhichmightnotexist": dial tcp 127.0.0.1:443:'
     " connect: connection refused", ErrorKind.UNAVAILABLE, True),
    # reqwest's unreachable network (github.com/ClassmateLin/dm-ticket/issues/135)
    ("error sending request for url (http://172.88.0.2:8080/?key=bx_token): error trying to"
     " connect: tcp connect error: Network unreachable (os error 101)",
     ErrorKind.UNAVAILABLE, True),
    # A code on a line of its own (api.data.gov's, github.com/nasa/api-docs/issues/106)
    ("OVER_RATE_LIMIT\nYou have exceeded your rate limit. Try again later or contact us at"
     " https://api.nasa.gov/contact/ for assistance", ErrorKind.RATE_LIMITED, True),
    # A status and a colon (LiteLLM's, github.com/BerriAI/litellm/issues/13898)
    ("429: LiteLLM Rate Limit Handler for rate limit type = team. Crossed TPM / RPM / Max"
     " Parallel Request Limit. current rpm: 1, rpm limit: 15", ErrorKind.RATE_LIMITED, True),
    # A few words and "failed" before a colon (confluent-kafka's delivery report,
    # github.com/CloudKarafka/python-kafka-example/issues/7): the message may be stored
    ('% Message failed delivery: KafkaError{code=_MSG_TIMED_OUT,val=-192,str="Local: Message'
     ' timed out"}', ErrorKind.UNKNOWN_OUTCOME, None),
    # libcurl's connect timeout, through Guzzle (github.com/guzzle/guzzle/issues/2377):
    # nothing was sent; its transfer timeout may have been
    ("cURL error 28: Connection timed out after 4514 milliseconds (see"
     " http://curl.haxx.se/libcurl/c/libcurl-errors.html)", ErrorKind.UNAVAILABLE, True),
    ("cURL error 28: Operation timed out after 10001 milliseconds with 0 out of -1 bytes"
     " received", ErrorKind.UNKNOWN_OUTCOME, None),
    # Ruby's qualified names (github.com/lostisland/faraday/issues/704), .NET's
    # (github.com/bloxstraplabs/bloxstrap/issues/1795)
    ('Faraday::ConnectionFailed: Failed to open TCP connection to 127.0.0.1:8984 (Connection'
     ' refused - connect(2) for "127.0.0.1" port 8984)', ErrorKind.UNAVAILABLE, True),
    ("System.Net.Http.HttpRequestException: No connection could be made because the target"
     " machine actively refused it. (127.0.0.1:9666)", ErrorKind.UNAVAILABLE, True),
    # A client library's class whose name is a status's reason phrase
    # (github.com/SakanaAI/AI-Scientist/issues/151)
    ("litellm.BadRequestError: LLM Provider NOT provided. Pass in the LLM provider you are"
     " trying to call. You passed model=glm-4-plus", ErrorKind.INVALID_INPUT, False),
    # The Stainless-built SDKs' "Error code: 429 - {...}" (github.com/runwayml/sdk-python/
    # issues/23), and a status spelled inside a name (github.com/pyted/okx/issues/1): the
    # more specific of the status and the words decides
    ("runwayml.RunwayMLError: Error code: 429 - {'error': 'Your daily task limit has been"
     " reached.'}", ErrorKind.RATE_LIMITED, True),
    ('okx._client.ResponseStatusError: Error response_status_code 401\nresponse_content='
     '{"msg":"Invalid OK-ACCESS-KEY","code":"50111"}', ErrorKind.UNAUTHENTICATED, False),
    # A client's class that names what the server's words leave open: ccxt maps Binance's
    # -2015 "Invalid API-key, IP, or permissions" to AuthenticationError
    # (github.com/ccxt/ccxt/issues/18459); a class that says only that the exchange
    # failed leaves it to the words
    ('AuthenticationError: binance {"code":-2015,"msg":"Invalid API-key, IP, or permissions'
     ' for action."}', ErrorKind.UNAUTHENTICATED, False),
    ('ccxt.base.errors.ExchangeError: binance {"code":-2015,"msg":"Invalid API-key, IP, or'
     ' permissions for action."}', ErrorKind.PERMISSION_DENIED, False),
    # The fourteenth set's clients of other languages, each as its library prints it:
    # Ruby's message before its class (http.rb's StatusError and timeouts), Elixir's
    # module first (Mint's), a Swift enumeration's case (AsyncHTTPClient's), Connect's and
    # Twirp's gRPC code names, go-retryablehttp's method and address, Saloon's reason
    # phrase and status, ureq's "http status: 429", OkHttp's Response in a log
    ("Unexpected status code 404 (HTTP::StatusError)", ErrorKind.NOT_FOUND, False),
    ("Connect timed out after 2 seconds (HTTP::ConnectTimeoutError)", ErrorKind.UNAVAILABLE,
     True),
    ("Read timed out after 5 seconds (HTTP::TimeoutError)", ErrorKind.UNKNOWN_OUTCOME, None),
    ("** (Mint.TransportError) socket closed", ErrorKind.UNKNOWN_OUTCOME, None),
    ("HTTPClientError.connectTimeout", ErrorKind.UNAVAILABLE, True),
    ("HTTPClientError.proxyAuthenticationRequired", ErrorKind.UNAUTHENTICATED, False),
    ("resource_exhausted: message size 5242885 is larger than configured max 1024",
     ErrorKind.TOO_LARGE, False),
    ("twirp error not_found: it ain't there", ErrorKind.NOT_FOUND, False),
    ('twirp error unavailable: Error from intermediary with HTTP status code 503 "Service'
     ' Unavailable"', ErrorKind.UNAVAILABLE, True),
    ("POST http://127.0.0.1:38469 giving up after 3 attempt(s): unexpected HTTP status 500"
     " Internal Server Error", ErrorKind.INTERNAL, None),
    ('Unprocessable Entity (422) Response: {"message":"Bad Request"}', ErrorKind.INVALID_INPUT,
     False),
    ("http status: 429", ErrorKind.RATE_LIMITED, True),
    # The ApiException of a client OpenAPI Generator built for Python, alone and as a
    # traceback's last line ends it (Kotak Securities' ks_api_client, github.com/
    # paramatrixtech/ksapi/issues/39): its status decides over the body's "Invalid" words
    # The twenty-first set's: "... threw an error" with its status (SuperTokens' Node SDK,
    # supertokens/supertokens-node), an errno's name and number (MEGA's JavaScript SDK's,
    # qgustavor/mega, lib/api.mjs)
    ("SuperTokens core threw an error for a GET request to path: '/apiversion' with status"
     " code: 401 and message: Invalid API key\n", ErrorKind.UNAUTHENTICATED, False),
    ("EOVERQUOTA (-17): Request over quota", ErrorKind.PAYMENT_REQUIRED, False),
    ("ESID (-15): Invalid or expired user session, please relogin",
     ErrorKind.UNAUTHENTICATED, False),
    ("EAGAIN (-3): A temporary congestion or server malfunction prevented your request from"
     " being processed. No data was altered. Retried 4 times.", ErrorKind.UNAVAILABLE, True),
    # axios' timeout (swellstores/swell-node, src/client.test.ts), a browser console's
    # failed request (snipcart/snipcart-v3-feedback#69), PropelAuth's Python client's
    # (PropelAuth/propelauth-py, propelauth_py/api/access_token.py)
    ("timeout of 0ms exceeded", ErrorKind.UNKNOWN_OUTCOME, None),
    ("POST https://payment.snipcart.com/api/public/sessions 422 (Unprocessable Entity)",
     ErrorKind.INVALID_INPUT, False),
    ("integration_api_key is incorrect", ErrorKind.UNAUTHENTICATED, False),
    # a Redis-protocol error reply as sent, a dash and its code (Faktory's, contribsys/
    # faktory_worker_ruby, lib/faktory/client.rb; Redis')
    ("-NOTUNIQUE Job not unique", ErrorKind.CONFLICT, False),
    ("-WRONGTYPE Operation against a key holding the wrong kind of value",
     ErrorKind.INVALID_INPUT, False),
    # Python's repr() of requests' HTTPError, as a tool logs it (airbytehq/write-for-the-
    # community#178)
    ("HTTPError('403 Client Error: Forbidden for url: https://api.surveymonkey.com/v3/users/"
     "me')", ErrorKind.PERMISSION_DENIED, False),
    ('(404)\nReason: Not Found\nHTTP response headers: HTTPHeaderDict({})\nHTTP response'
     ' body: {"message":"Invalid workspace"}\n', ErrorKind.NOT_FOUND, False),
    ('ks_api_client.exceptions.ApiException: (401)\nReason: Unauthorized\nHTTP response body:'
     ' {"fault":{"code":50001,"description":"Onetimetoken is either expired or not correct",'
     '"message":"Invalid OneTimeToken"}}', ErrorKind.UNAUTHENTICATED, False),
    ("Flagsmith: error when getting flags. Request: https://edge.api.flagsmith.com/api/v1/"
     "environment-document/, Response: Response{protocol=h2, code=404, message=, url=https://"
     "edge.api.flagsmith.com/api/v1/environment-document/} body[]", ErrorKind.NOT_FOUND,
     False),
    # AI21's SDK, Unleash's Node SDK, BambooHR's PHP SDK: a status a text states decides,
    # and a quota with no word of money stated with a 429 is a rate
    ('Failed with http status code: 404 (AI21APIError). Details: {"detail":"Not Found"}',
     ErrorKind.NOT_FOUND, False),
    ("ERROR: Error: Unleash Repository error: Response was not statusCode 2XX, but was 401 ",
     ErrorKind.UNAUTHENTICATED, False),
    ("[429] Client error: `GET https://acme.bamboohr.com/api/v1/employees/directory` resulted"
     " in a `429 Too Many Requests` response\n\nRate limit exceeded. This could be due to:\n-"
     " Too many requests in a short time period\n- Exceeding API quota limits\n",
     ErrorKind.RATE_LIMITED, True),
    # The fifteenth set's: npm's (github.com/Unitech/pm2/issues/4803), a client that
    # relays GitHub's answer (github.com/quintusdias/glymur/issues/489), Composer's
    # Symfony console (github.com/yireo/magento2-replace-tools/issues/13), sysbench's
    # "ALERT:" over TiDB (github.com/pingcap/tidb/issues/6282), Memgraph's conflict
    # (github.com/memgraph/memgraph/issues/1304)
    ("npm ERR! code E404\nnpm ERR! 404 Not Found - GET https://registry.npmjs.org/@pm2%2fagent"
     " - Not found\nnpm ERR! 404\nnpm ERR! 404  '@pm2/agent@~1.0.2' is not in the npm"
     " registry.", ErrorKind.NOT_FOUND, False),
    ("In AuthHelper.php line 205:\n\n  The 'https://repo.packagist.com/foo/p2/yireo/x.json'"
     " URL required authentication (HTTP 401).\n  You must be using the interactive console"
     " to authenticate", ErrorKind.UNAUTHENTICATED, False),
    ("ALERT: mysql_drv_query() returned error 9005 (Region is unavailable[try again later])"
     " for query 'SELECT c FROM sbtest3 WHERE id=999149'", ErrorKind.UNAVAILABLE, True),
    ("ClientError: {code: Memgraph.ClientError.MemgraphError.MemgraphError} {message: Cannot"
     " resolve conflicting transactions. You can retry this transaction when the conflicting"
     " transaction is finished}", ErrorKind.CONFLICT, True),
    ('cozepy.exception.CozeInvalidEventError: invalid event, data: {"code":4100,"msg":'
     '"authentication is invalid"}, logid: 20241015100256FA70F619ED86EC262A80',
     ErrorKind.UNAUTHENTICATED, False),
    # The sixteenth set's library exceptions: Knex's pool (knex/knex#4299), CUDA's memory
    # (pytorch/pytorch#16417), Kafka's ACL (dpkp/kafka-python#2331), MongoDB's
    # (mongo-express/mongo-express#1308), pandas' parser (ludwig-ai/ludwig#201), a build
    # without CUDA (facebookresearch/detectron2#460)
    ("KnexTimeoutError: Knex: Timeout acquiring a connection. The pool is probably full."
     " Are you missing a .transacting(trx) call?", ErrorKind.UNAVAILABLE, True),
    ("torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 22.00 MiB.",
     ErrorKind.TOO_LARGE, False),
    ("kafka.errors.TopicAuthorizationFailedError: [Error 29] TopicAuthorizationFailedError:"
     " {'t'}", ErrorKind.PERMISSION_DENIED, False),
    ('MongoServerError: not authorized on admin to execute command { serverStatus: 1, $db:'
     ' "admin" }', ErrorKind.PERMISSION_DENIED, False),
    ("pandas.errors.ParserError: Error tokenizing data. C error: Expected 83 fields in line"
     " 40, saw 92", ErrorKind.INVALID_INPUT, False),
    ('AssertionError: Torch not compiled with CUDA enabled', ErrorKind.UNSUPPORTED, False),
    # ccxt's exchange before its JSON (BingX's, from ccxt issues), MongoDB's E11000
    # (mongoose), ROS 2's log line (rosbridge_suite)
    ('bingx {"code":100001,"msg":"Signature verification failed due to signature mismatch",'
     '"timestamp":1721803278709}', ErrorKind.UNAUTHENTICATED, False),
    ("11000 E11000 duplicate key error index: dbName.users.$_id_ dup key: { : ObjectId("
     "'5469eb08370fea375383e2d3')}", ErrorKind.CONFLICT, False),
    ("[rosbridge_websocket-1] [ERROR] [1746779002.975197132] [vizanti_rosbridge]: [Client"
     " da87d53b] [id: call_service:/rosapi/topics:5] call_service InvalidServiceException:"
     " Service /rosapi/topics does not exist", ErrorKind.NOT_FOUND, False),
    ('KeyError: "None of [Int64Index([0, 1, 6, 7], dtype=\'int64\')] are in the [columns]"',
     ErrorKind.NOT_FOUND, False),  # pandas'
    # A reason phrase after the last colon (github.com/lmsqueezy/lemonsqueezy.js/issues/69)
    ("Error: Lemon Squeezy API error: Unprocessable Entity", ErrorKind.INVALID_INPUT, False),
    # urllib3's MaxRetryError whose every attempt was answered 429
    # (github.com/polygon-io/issues/issues/303)
    ("urllib3.exceptions.MaxRetryError: HTTPSConnectionPool(host='api.polygon.io', port=443):"
     " Max retries exceeded with url: /v2/aggs/ticker/AAPL (Caused by ResponseError('too many"
     " 429 error responses'))", ErrorKind.RATE_LIMITED, True),
    # A driver's class keeps its advice, unless its words say no retry helps: a wrong
    # password (github.com/coiled/benchmarks/issues/1345)
    ("snowflake.connector.errors.DatabaseError: 250001 (08001): Failed to connect to DB:"
     " ***.snowflakecomputing.com:443. Incorrect username or password was specified.",
     ErrorKind.UNAUTHENTICATED, False),
    # Oracle's codes (github.com/oracle/docker-images/issues/1934), ODBC's login timeout
    # (github.com/jeancochrane/pytest-flask-sqlalchemy/issues/58): never connected
    ("django.db.utils.DatabaseError: ORA-12541: TNS:no listener", ErrorKind.UNAVAILABLE, None),
    ("pyodbc.OperationalError: ('HYT00', '[HYT00] [Microsoft][ODBC Driver 17 for SQL Server]"
     "Login timeout expired (0) (SQLDriverConnect)')", ErrorKind.UNAVAILABLE, None),
    # a number in brackets, with words of an error (ArangoDB's,
    # github.com/arangodb/arangodb-java-driver/issues/56)
    ("[1210] cannot create document, unique constraint violated", ErrorKind.CONFLICT, False),
    # an exception's name and its text in parentheses (Dart's,
    # github.com/dart-lang/http/issues/298)
    ("SocketException (SocketException: OS Error: Connection refused, errno = 111, address ="
     " 192.168.1.101, port = 60000)", ErrorKind.UNAVAILABLE, True),
    # connections never made, in Java's, Ruby's and httplib2's words
    # (github.com/jwdeveloper/TikTokLiveJava/issues/20, github.com/EBWiki/EBWiki/issues/3273,
    # github.com/datafolklabs/drest/issues/20)
    ("java.net.http.HttpConnectTimeoutException: HTTP connect timed out",
     ErrorKind.UNAVAILABLE, True),
    ("Net::OpenTimeout: execution expired", ErrorKind.UNAVAILABLE, True),
    ("ServerNotFoundError: Unable to find the server at example.com", ErrorKind.UNAVAILABLE,
     True),
    # a tool's output that fails its own schema is the server's fault
    # (github.com/PrefectHQ/fastmcp/issues/3528)
    ("fastmcp.exceptions.ToolError: Output validation error: 'hello' is not of type 'array'",
     ErrorKind.INTERNAL, None),
    # github.com/RayPS/node-red-contrib-pushover/issues/8
    ('Pushover error: ["user identifier is not a valid user, group, or subscribed user key"]',
     ErrorKind.INVALID_INPUT, False),
    # ftplib's replies by their class and words: a permanent 530 that says to try again
    # later is transient (github.com/kosmosnautti/dltool/issues/1,
    # github.com/zxdawn/Himawari-8-gridded/issues/3,
    # github.com/LibraryOfCongress/bagit-python/issues/65)
    ("ftplib.error_perm: 530 Login incorrect.", ErrorKind.UNAUTHENTICATED, False),
    ("ftplib.error_perm: 530 Sorry, max 40 users --try again later", ErrorKind.UNAVAILABLE,
     True),
    ("ftplib.error_perm: 550 /photo_gallery/hi-res/planetary/mars/: No such file or"
     " directory", ErrorKind.NOT_FOUND, False),
    # a 429 is throttling whatever its words (github.com/finnhubio/Finnhub-API/issues/466)
    ("finnhub.exceptions.FinnhubAPIException: FinnhubAPIException(status_code: 429): API"
     " limit reached. Please try again later. Remaining Limit: 0", ErrorKind.RATE_LIMITED,
     True),
    # a class and its fields in parentheses (trino-python-client's,
    # github.com/os-climate/os_c_data_commons/issues/105), and a query that failed with
    # words that say it was transient (github.com/trinodb/trino/issues/24149)
    ('TrinoUserError(type=USER_ERROR, name=QUERY_TEXT_TOO_LARGE, message="Query text'
     ' length(1917808) exceeds the maximum length (1000000)", query_id=20211126_215541)',
     ErrorKind.TOO_LARGE, False),
    # Java's nested classes, after the JVM's "Exception in thread": their names are words
    # of the error (github.com/Netflix/curator/issues/293, github.com/mantl/mantl/
    # issues/300): a node there already, a connection lost after the request was sent
    ("org.apache.zookeeper.KeeperException$NodeExistsException: KeeperErrorCode ="
     " NodeExists for /workers/10.24.76.52/state", ErrorKind.CONFLICT, False),
    ('Exception in thread "main" org.apache.zookeeper.KeeperException$ConnectionLossException:'
     " KeeperErrorCode = ConnectionLoss for /mesos", ErrorKind.UNKNOWN_OUTCOME, None),
    # a letter and digits before a colon (github.com/AuthorizeNet/sdk-php/issues/426)
    ("E00007:User authentication failed due to invalid authentication values.",
     ErrorKind.UNAUTHENTICATED, False),
    # a connection reset after the request left (github.com/vscheuber/fidc-debug-tools/
    # pull/4)
    ("Error: read ECONNRESET\n    at TLSWrap.onStreamRead"
     " (node:internal/stream_base_commons:217:20)", ErrorKind.UNKNOWN_OUTCOME, None),
    ("Query 20241117_033406_00006_u26jx failed: Encountered too many errors talking to a"
     " worker node. The node may have crashed or be under too much load. This is probably a"
     " transient issue, so please retry your query in a few minutes.",
     ErrorKind.UNAVAILABLE, True),
    # the sixth set's (their files in tests/corpus/elsewhere say where each was found):
    # a log line's timestamp, then Go's url.Error
    ('[04:46:55] Get "https://api.github.com/search/code?q=x": context deadline exceeded'
     " (Client.Timeout exceeded while awaiting headers)", ErrorKind.UNKNOWN_OUTCOME, None),
    # a logger's name and its level
    ("metrics: ERROR: failed to send metrics (err=ApiException [Error]: HTTP-Code: 403",
     ErrorKind.PERMISSION_DENIED, False),
    # a command line's cross, then "An error occurred ...:" and a reason phrase
    ("X An error occurred when executing the push-components task: Error: Too Many Requests",
     ErrorKind.RATE_LIMITED, True),
    # a class name with no "Error" in it, before a colon or its arguments
    ("ServiceUnavailable: Couldn't connect to 127.0.0.1:7687\nFailed to establish connection"
     " (reason [Errno 111] Connection refused)", ErrorKind.UNAVAILABLE, True),
    ("ChannelClosed: (404, \"NOT_FOUND - no queue 'R6884002969' in vhost '/'\")",
     ErrorKind.NOT_FOUND, False),
    ("PreconditionFailed(406, \"PRECONDITION_FAILED - inequivalent arg 'x-max-priority' for"
     " queue 'compute-worker'\", (50, 10), 'Queue.declare')", ErrorKind.CONFLICT, False),
    ("KafkaJSNonRetriableError\n  Caused by: KafkaJSConnectionError: Connection error: connect"
     " ECONNREFUSED 127.0.0.1:9092", ErrorKind.UNAVAILABLE, True),
    # a dotted status code (Neo4j's), ClickHouse's "Code: N.", a Go package's prefix
    ("Neo.ClientError.Security.Unauthorized: The client is unauthorized due to authentication"
     " failure.", ErrorKind.UNAUTHENTICATED, False),
    ("Code: 516. DB::Exception: default: Authentication failed: password is incorrect, or"
     " there is no user with such name.", ErrorKind.UNAUTHENTICATED, False),
    ("pq: restart transaction: TransactionRetryWithProtoRefreshError: TransactionRetryError:"
     " retry txn (RETRY_SERIALIZABLE)", ErrorKind.CONFLICT, True),
    ("oci: circuit breaker is open, so this request was not sent to the Identity service.",
     ErrorKind.UNAVAILABLE, True),
    # gRPC Python's error as str() gives it, and requests' ConnectionError's text
    ("<_InactiveRpcError of RPC that terminated with:\n\tstatus ="
     " StatusCode.RESOURCE_EXHAUSTED\n\tdetails = \"x.rate rate quota limit exceed: allowed 10"
     ' requests"\n>', ErrorKind.RATE_LIMITED, True),
    ("HTTPConnectionPool(host='127.0.0.1', port=5665): Max retries exceeded with url: /settings"
     " (Caused by NewConnectionError('<urllib3.connection.HTTPConnection object at 0xcea0a008>:"
     " Failed to establish a new connection: [Errno 111] Connection refused'))",
     ErrorKind.UNAVAILABLE, True),
    # a Rust panic, whose error holds JSON as a string's escaped text
    ("thread 'main' panicked at 'called `Result::unwrap()` on an `Err` value: Unknown(\"{\\\""
     'message\\":\\"Payload to large\\",\\"errorCode\\":\\"payload_too_large\\"}\")\'',
     ErrorKind.TOO_LARGE, False),
    # "failed to" with a status and a JSON body after it (Brave Search's)
    ('failed to search with status 422: {"type":"ErrorResponse","error":{"status":422,'
     '"code":"VALIDATION","detail":"Unable to validate request parameter(s)"}}',
     ErrorKind.INVALID_INPUT, False),
    # proxies' error pages, and S3's XML error (Wasabi's), by their status or code
    ("<html><body><h1>504 Gateway Time-out</h1>\nThe server didn't respond in time.\n"
     "</body></html>", ErrorKind.UNKNOWN_OUTCOME, None),
    ("AuthenticationError: <html>\n<head><title>401 Authorization Required</title></head>\n"
     "</html>", ErrorKind.UNAUTHENTICATED, False),
    ("<Error>\n<Code>AccessDenied</Code>\n<Message>\nPublic use of objects is not allowed by"
     " this account.\n</Message>\n</Error>", ErrorKind.PERMISSION_DENIED, False),
    # a connection's failure whose words say why, and that no retry helps (Neon's)
    ('DB bootstrap error: SQLSTATE[08006] connection to server at "ep-x" failed: ERROR:  Your'
     " account or project has exceeded the quota. Upgrade your plan to increase limits.",
     ErrorKind.PAYMENT_REQUIRED, False),
    # the seventh set's, read blind first: n8n's and CrewAI's tool errors, logfmt,
    # grpc-go's error inside a text, .NET's HRESULT, Java's "Caused by:", a log line's
    # time, thread and level
    ("Problem in node ‘Mattermost‘\nThe resource you are requesting could not be"
     " found", ErrorKind.NOT_FOUND, False),
    ("I encountered an error while trying to use the tool. This was the error: 1 validation"
     " error for Delegate work to coworkerSchema\ncontext\n  field required",
     ErrorKind.INVALID_INPUT, False),
    ('time=2024-06-18T16:41:09.619 level=ERROR msg="failed starting workflow: Namespace asdf'
     ' is not found."', ErrorKind.NOT_FOUND, False),
    ("set mita server config failed: rpc error: code = ResourceExhausted desc = grpc:"
     " received message larger than max (4977817 vs. 4194304)", ErrorKind.TOO_LARGE, False),
    ("rpc error: code = Unimplemented desc = unknown service pbx.Plugin",
     ErrorKind.UNSUPPORTED, False),
    ("Npgsql.NpgsqlException (0x80004005): The connection pool has been exhausted, either"
     " raise MaxPoolSize (currently 100) or Timeout (currently 15 seconds)",
     ErrorKind.UNAVAILABLE, True),
    ("Caused by: org.hibernate.StaleObjectStateException: Row was updated or deleted by"
     " another transaction", ErrorKind.CONFLICT, False),
    ("16:04:08.597 [main] ERROR org.apache.pulsar.broker.PulsarService - Failed to start"
     " Pulsar service: org.apache.pulsar.client.api.PulsarClientException$Authentication"
     "Exception: Unable to authenticate", ErrorKind.UNAUTHENTICATED, False),
    ("child workflow execution error (type: xWorkflow, workflowID: x-id): workflow execution"
     " already started", ErrorKind.CONFLICT, False),
    ("403 Invalid scope(s): Please ensure that you have selected the File Read scope",
     ErrorKind.PERMISSION_DENIED, False),  # Figma's: the status says more than "invalid"
    # the ninth set: log lines' levels and loggers, a retry layer's log, a status in
    # parentheses, "Error" on a line of its own
    ('[Error] Artifactory response: 401 Unauthorized\n{\n  "errors": [\n    {\n      "status":'
     ' 401,\n      "message": "Bad credentials"\n    }\n  ]\n}', ErrorKind.UNAUTHENTICATED, False),
    ('2024-11-07 10:48:27,849 - WARNING - [users - ] - error while running pre-apply hook: 403'
     ' Forbidden - {"errors":["Forbidden"]}', ErrorKind.PERMISSION_DENIED, False),  # Datadog
    ("08-10-2026 17:58:31 Error processing a.png in deciding step: Error code: 400 -"
     " Image provided but current GGUF model does not support vision.",
     ErrorKind.UNSUPPORTED, False),
    ("2025-04-08 14:39:37.697 [error] rmcp: Client error for command A system error occurred"
     " (spawn npx ENOENT)", ErrorKind.NOT_FOUND, False),  # Cursor's MCP log
    ("Retrying langchain_cohere.embeddings.CohereEmbeddings.embed_with_retry.<locals>._embed"
     "_with_retry in 4.0 seconds as it raised InternalServerError: status_code: 500, body:"
     " {'message': 'internal server error, this has been reported to our developers.'}.",
     ErrorKind.INTERNAL, None),  # tenacity's before_sleep log
    ("(404): No models loaded. Please load a model in the developer page or use the `lms"
     " load` command", ErrorKind.NOT_FOUND, False),  # LM Studio's
    ("Error\nIt looks like there was a problem communicating with the Sentry API.\nPlease"
     " report the following to the user for the Sentry team:\nEvent ID: a8588e79",
     ErrorKind.INTERNAL, None),  # Sentry's MCP server
    ('Unable to fetch configs\nDoppler Error: Get "https://api.doppler.com/v3/configs?per_page'
     '=100": EOF', ErrorKind.UNKNOWN_OUTCOME, None),  # Go's url.Error, the connection closed
    ("FetchError: request to https://api.netlify.com/api/v1/oauth/tickets/ab5d failed, reason:"
     " Client network socket disconnected before secure TLS connection was established",
     ErrorKind.UNAVAILABLE, True),  # node-fetch's: nothing was sent
    ("[96300] Error: Non-HTTPS URLs are only allowed for localhost or when --allow-http flag"
     " is provided", ErrorKind.INTERNAL, None),  # mcp-remote's, after its process id
    # the tenth set: a class's tag in brackets, PHP's namespaces, Apple's NSError, a
    # JSON-RPC code alone, Rust's and Node's transport errors
    ("DioError [DioErrorType.connectTimeout]: Connecting timed out [50000ms]",
     ErrorKind.UNAVAILABLE, True),  # Dart's dio: nothing was sent
    ("APICallError [AI_APICallError]: Cannot connect to API: connect ECONNREFUSED"
     " 172.17.0.1:11434", ErrorKind.UNAVAILABLE, True),  # the Vercel AI SDK's
    ("NoSuchToolError [AI_NoSuchToolError]: Model tried to call unavailable tool"
     " 'multi_tool_use.parallel'. Available tools: search_joke", ErrorKind.NOT_FOUND, False),
    ('ccxt\\AuthenticationError: mexc {"code":700002,"msg":"Signature for this request is not'
     ' valid."}', ErrorKind.UNAUTHENTICATED, False),  # PHP's namespace
    ("Uncaught Symfony\\Component\\HttpClient\\Exception\\TransportException: HTTP/2 stream 0"
     ' was not closed cleanly: INTERNAL_ERROR (err 2) for "https://www.celine.com/".',
     ErrorKind.INTERNAL, None),
    ('Error Domain=NSURLErrorDomain Code=-1001 "The request timed out." UserInfo={NSErrorFailing'
     "URLStringKey=https://example.com}", ErrorKind.UNKNOWN_OUTCOME, None),
    ('Error Domain=NSURLErrorDomain Code=-1005 "The network connection was lost." UserInfo='
     "0x7b03be00", ErrorKind.UNKNOWN_OUTCOME, None),
    ("-32002: Tool 'Extensionmanager.listResources' not found.", ErrorKind.NOT_FOUND, False),
    ("hyper::Error(IncompleteMessage): connection closed before message completed",
     ErrorKind.UNKNOWN_OUTCOME, None),
    ("FetchError: request to https://api.there.pm/analytics/event failed, reason: socket hang"
     " up", ErrorKind.UNKNOWN_OUTCOME, None),  # node-fetch's ECONNRESET
    ('Exception in thread "main" com.braintreegateway.exceptions.AuthorizationException',
     ErrorKind.PERMISSION_DENIED, False),
    ("Caused by: org.apache.http.NoHttpResponseException: The target server failed to respond",
     ErrorKind.UNKNOWN_OUTCOME, None),
    ("ServiceException: Unknown response 403: <h1>Developer Over Qps</h1>",
     ErrorKind.RATE_LIMITED, True),  # TomTom's
    ("overpy.exception.OverpassGatewayTimeout: Server load too high", ErrorKind.UNAVAILABLE,
     True),
    ("pydantic_ai.exceptions.UnexpectedModelBehavior: Exceeded maximum retries (1) for result"
     " validation", ErrorKind.INTERNAL, None),
    ("! API returned status code 429\nReason from API : Hourly API request limit exceeded."
     " Please try again in the next hour.", ErrorKind.RATE_LIMITED, True),  # Open-Meteo's R
    ('[01:10:28.586] [Server thread/CRITICAL]: muqsit\\tebexapi\\utils\\TebexException: "cURL'
     ' request failed {28): Operation timed out after 5001 milliseconds with 0 bytes received"',
     ErrorKind.UNKNOWN_OUTCOME, None),  # a Minecraft server's log, libcurl's 28
    ("The requested URL returned error: 429", ErrorKind.RATE_LIMITED, True),  # curl's
    ("status_code=401 detail=Invalid API key.", ErrorKind.UNAUTHENTICATED, False),  # ggshield
    ("[-] Status 401 : Unauthorised \u2014 either no API key was provided or it wasn't valid",
     ErrorKind.UNAUTHENTICATED, False),
    ("kratos-selfservice-ui-node-1  | AxiosError: Request failed with status code 502",
     ErrorKind.UPSTREAM_ERROR, None),  # docker compose's service before the line
    # the twelfth set's, read blind first (tests/corpus/elsewhere says where each was
    # found): .NET's HttpRequestException and Expo's client, by the status they state
    ("Response status code does not indicate success: 409 (Conflict - The feed already"
     " contains 'SomeCode'. (DevOps Activity ID: B5657BDF-8014-4136-BD88-3A68D11AACAD)).",
     ErrorKind.CONFLICT, False),
    ("Response status code does not indicate success: 413 (The package file exceeds the size"
     " limit of 250MB.).", ErrorKind.TOO_LARGE, False),  # NuGet's
    ("Expo responded with an error with status code 503: no healthy upstream",
     ErrorKind.UNAVAILABLE, True),
    # a wait for a pool's connection, and a name with no address, ran nothing
    ("redis: connection pool timeout", ErrorKind.UNAVAILABLE, True),  # go-redis
    ("Error: pool timed out while waiting for an open connection", ErrorKind.UNAVAILABLE,
     True),  # sqlx
    ("java.sql.SQLTransientConnectionException: HikariPool-1 - Connection is not available,"
     " request timed out after 30014ms.", ErrorKind.UNAVAILABLE, True),
    ("ClientException with SocketException: Failed host lookup: 'waktusolat.app' (OS Error: No"
     " address associated with hostname, errno = 7), uri=https://waktusolat.app/api/"
     "check_version", ErrorKind.UNAVAILABLE, True),  # Dart's http
    ("sql: no rows in result set", ErrorKind.NOT_FOUND, False),  # Go's database/sql
    # .NET's console logger's level and category, Node's util.inspect reference
    ("fail: Microsoft.EntityFrameworkCore.DbContext[1]\n      An exception occurred in the"
     " database while saving changes.\n      Microsoft.EntityFrameworkCore."
     "DbUpdateConcurrencyException: Database operation expected to affect 1 row(s) but"
     " actually affected 0 row(s). Data may have been modified or deleted since entities"
     " were loaded.", ErrorKind.CONFLICT, False),
    ("<ref *4> Error: Service Unavailable\n    at Request.callback (/home/user/repo/"
     "node_modules/superagent/lib/node/index.js:904:17)", ErrorKind.UNAVAILABLE, True),
    ("EventStore.ClientAPI.Exceptions.WrongExpectedVersionException: Append failed due to"
     " WrongExpectedVersion. Stream: xx.XXX-c3226e4300ab48c8b3395cc81ba69aa4, Expected"
     " version: 2, Current version: 3", ErrorKind.CONFLICT, False),
    # an exception's two arguments as Python prints them (pyTigerGraph's), a Simba
    # driver's brackets (Databricks' JDBC driver), a logger's name before a Ruby class
    ("('Endpoint is not found from url = /query/Ethereum/tg_pr, please use GET /endpoints to"
     " list all valid endpoints.', 'REST-1000')", ErrorKind.NOT_FOUND, False),
    ("[Databricks][DatabricksJDBCDriver](500593) Communication link failure. Failed to connect"
     " to server. Reason: HTTP retry after response received with no Retry-After header,"
     " error: HTTP Response code: 503, Error message: Unknown.", ErrorKind.UNAVAILABLE, True),
    ("ApiController - RestClient::Exceptions::ReadTimeout: Timed out reading data from server",
     ErrorKind.UNKNOWN_OUTCOME, None),
    # the thirteenth set's: XML whose element says it failed (Pardot's, PAN-OS's), and
    # more words before "Error:" (the MongoDB MCP server's)
    ('<rsp stat="fail" version="1.0">\n    <err code="122">Daily API rate limit met</err>\n'
     "</rsp>", ErrorKind.RATE_LIMITED, True),
    ("<response status = 'error' code = '403'><result><msg>Invalid Credential</msg></result>"
     "</response>", ErrorKind.UNAUTHENTICATED, False),
    ("Received a Payment Required API Error: [402 Payment Required] error calling Atlas API:"
     " Payment Required; No payment information was found for group 68a1f0c2e4b0a1b2c3d4e5f6.",
     ErrorKind.PAYMENT_REQUIRED, False),
    ("download failed with error HTTP status 503 Service Unavailable: ExpectedException : The"
     " retrieval of offline data is temporary unavailable, please try again later.",
     ErrorKind.UNAVAILABLE, True),  # Copernicus'
    ("Error running aggregate: In readOnly mode you can not run pipelines with $out or $merge"
     " stages.", ErrorKind.PERMISSION_DENIED, False),
    ("Error executing query: Access denied for user 'root'@'localhost' (using password: YES)",
     ErrorKind.UNAUTHENTICATED, False),  # MySQL's 1045, through an MCP server
    ("init error: DB error: failed to download vulnerability DB: database download error: OCI"
     " repository error: 1 error occurred:\n\t* GET https://ghcr.io/v2/aquasecurity/trivy-db/"
     "manifests/2: TOOMANYREQUESTS: retry-after: 35.852µs, allowed: 44000/minute",
     ErrorKind.RATE_LIMITED, True),  # Trivy's, the OCI distribution spec's code
    # MCP servers': Bright Data's, ScraperAPI's
    ("Tool 'search_engine' execution failed: HTTP 400: zone \"mcp_unlocker\" not found",
     ErrorKind.NOT_FOUND, False),
    ("HTTP error 429 when scraping 'https://example.com/products/123'. Parameters used:"
     " url=https://example.com/products/123 render=false", ErrorKind.RATE_LIMITED, True),
    ("Timeout after 600 seconds waiting for data", ErrorKind.UNKNOWN_OUTCOME, None),
    # a Codex client's text of an axum server's 413
    ("unexpected status 413 Payload Too Large: Failed to buffer the request body: length"
     " limit exceeded, url: http://127.0.0.1:8787/v1/responses", ErrorKind.TOO_LARGE, False),
    # Amap's MCP server ("API call failed:"), aws-sdk-go's error against Ceph RGW, and
    # WeatherAPI's MCP server's location not found under -32603
    ("API 调用失败：INVALID_USER_KEY", ErrorKind.UNAUTHENTICATED, False),
    ("QuotaExceeded: \n\tstatus code: 403, request id: tx00000000000000055a642-0065efe3a5,"
     " host id: ", ErrorKind.PAYMENT_REQUIRED, False),
    # clients' texts: logrus' fatal level (a Medium client's), a reason phrase and its
    # failure (anaconda-client's), a PHP class's backslashed name (picqer's Exact
    # client's), clj-http's, RestSharp's HttpStatusCode by its name
    ("FATA[0000] Cannot get medium user: medium: An access token is required. (6000)",
     ErrorKind.UNAUTHENTICATED, False),
    ("Conflict: ('file noarch/x-25.4.0.conda already exists for package x version 25.4.0',"
     " 409)", ErrorKind.CONFLICT, False),
    ("Picqer\\Financials\\Exact\\ApiException : Error 429: ", ErrorKind.RATE_LIMITED, True),
    ("clj-http: status 503", ErrorKind.UNAVAILABLE, True),
    ("Request failed with status code BadRequest", ErrorKind.INVALID_INPUT, False),
    # PHP's chained exception (picqer's), an exception's class in brackets (anaconda-client's)
    ("Next Picqer\\Financials\\Exact\\ApiException: Error 403: Forbidden - Application"
     " Scope Violated. Cannot read", ErrorKind.PERMISSION_DENIED, False),
    ("[ServerError] Internal server error", ErrorKind.INTERNAL, None),
    # Go packages' prefixes (gocql's), .NET's unhandled exception, Spring's nested one,
    # Bing Ads' "AdApiError Code:"
    ("gocql: no hosts available in the pool", ErrorKind.UNAVAILABLE, True),
    ("gocql: no response received from cassandra within timeout period",
     ErrorKind.UNKNOWN_OUTCOME, None),
    ("Unhandled exception. Microsoft.Data.SqlClient.SqlException (0x80131904): Login failed"
     " for user 'SA'.", ErrorKind.UNAUTHENTICATED, False),
    ("Redis connection failed; nested exception is io.lettuce.core.RedisConnectionException:"
     " Unable to connect to localhost:6379", ErrorKind.UNAVAILABLE, True),
    ("AdApiError Code: 117 Error Code: CallRateExceeded Message: You have exceeded the number"
     " of calls that you are allowed to make in a minute.", ErrorKind.RATE_LIMITED, True),
    # ethers' code and version at the end, an MCP gateway's timeout
    ("wait for transaction timeout (code=TIMEOUT, version=6.16.0)", ErrorKind.UNKNOWN_OUTCOME,
     None),
    ("insufficient funds for intrinsic transaction cost (transaction={}, code=INSUFFICIENT_FUNDS,"
     " version=6.7.1)", ErrorKind.PAYMENT_REQUIRED, False),
    ("Tool invocation timed out after 60s", ErrorKind.UNKNOWN_OUTCOME, None),
    ("Cancelled: User cancelled tool call", ErrorKind.REFUSED, False),
    # a client's "returned an error (status: N, ...)" (the Mendeley SDK's)
    ("The Mendeley API returned an error (status: 404, message: Group [0001] does not"
     " exist)", ErrorKind.NOT_FOUND, False),
]  # fmt: skip


def test_a_dict_python_printed_in_a_text_is_read_as_the_json_it_was() -> None:
    """An SDK's text that holds a dict as Python prints it is read as that body would be:
    an OpenAI-compatible server's error object as OpenAI's (its catch-all type said by
    its words), any other by the conventions; a whole text that is such a dict too, and
    a dict that is no error is output."""
    unsloth = (
        "08-10-2026 17:58:31 Error processing a.png in deciding step: Error code: 400 -"
        " {'error': {'message': 'Image provided but current GGUF model does not support"
        " vision.', 'type': 'invalid_request_error', 'param': None, 'code': None}}"
    )
    error = error_of(unsloth)
    assert error is not None
    assert (error.kind, error.retryable, error.vendor) == (ErrorKind.UNSUPPORTED, False, "openai")
    weaviate = (
        "UnexpectedStatusCodeException: Create class! Unexpected status code: 422, with"
        " response body: {'error': [{'message': \"Name 'Document' already used as a name for"
        ' an Object class"}]}.'
    )
    error = error_of(weaviate)
    assert error is not None
    assert (error.kind, error.retryable, error.vendor) == (ErrorKind.CONFLICT, False, None)
    zulip = (
        "{'result': 'error', 'msg': \"Missing 'num_before' argument\", 'var_name':"
        " 'num_before', 'code': 'REQUEST_VARIABLE_MISSING'}"
    )
    error = error_of(zulip)
    assert error is not None
    assert (error.kind, error.retryable, error.vendor) == (ErrorKind.INVALID_INPUT, False, None)
    assert error_of("{'name': 'Ana', 'tags': ('a', 'b')}") is None
    assert error_of("{'error': __import__('os').getcwd()}") is None  # no literal: not run


@pytest.mark.parametrize(("text", "kind", "retryable"), ANNOUNCED)
def test_a_text_that_announces_an_error_at_its_start_is_one(
    text: str, kind: ErrorKind, retryable: bool | None
) -> None:
    """Alone, a text that opens with an error's announcement is read as a text known to
    be an error, and names no system (only a protocol it holds: OAuth's error inside, a
    SQLSTATE)."""
    error = error_of(text)
    assert error is not None
    assert (error.kind, error.retryable) == (kind, retryable)
    assert error.vendor in (None, "oauth", "sqlstate")


@pytest.mark.parametrize(
    "text",
    [
        "Error rate is 0.5% over the last hour",  # no colon, status or code after it
        "No errors found.",
        "401 Main Street, Springfield",  # a status-like number, words that say no error
        "Fixed the error in line 3",
        "Monthly report: all green",
        "os.path.join: joins one or more path segments",  # a qualified name, no exception
        "Failed to find any matching documents",  # "failed to", and no words of an error
        "Cannot wait to see the results",
        "Timeout after dinner is fun",  # no wait that ran out
        "HTTP error 200 means none",
        "查询结果：3 条",  # "query results: 3", no word of failure
        "QuotaSettings: 100 a day",  # a class-like name, no word of failure
        "Conflict: none",  # a reason phrase, and no failure after it
        "[NoteError] fine",  # a class in brackets, and no word of failure
        "Next week: plans",
        "gocql: connected to 3 hosts",  # a package's prefix, and no failure
        "Release notes (code=OK, version=1.0)",  # a code and a version, no failure
        "Monthly Report: all fine",
        "App\\Models\\User : name Ana",
        "HELLO_WORLD\nfine",  # a code on a line of its own, and no words of an error
        "404: the page you are reading",
        "Deploy failed: 0 of 0 steps",
        "[1] first item in the list",  # a number in brackets, no words of an error
        "note: the rate limit is shared",  # a prefix, and no word of failure
        "name: Ana\npermissions: admin",  # a record's fields
        "UserProfile: name=Ana",
        "Deployed to production (GitHubActions)",  # a class-like name at its end, no failure
        "Payment Received (429) today",  # a number that its phrase does not name
        "not_found: 3",  # a gRPC code's name as a record's field
        "internal: true",
        'hello {"a": 1}',  # a word before JSON that holds no error
        "[main] [INFO] started [a]",
        "<html><body><h1>Welcome</h1><p>Access denied to guests.</p></body></html>",
        '<?xml version="1.0"?><ListBucketResult><Name>b</Name></ListBucketResult>',
    ],
)
def test_a_text_that_merely_starts_with_such_words_is_output(text: str) -> None:
    error = error_of(text)
    assert error is None


def test_an_announcement_in_a_result_that_succeeded_is_output() -> None:
    """An MCP result without ``isError`` says it succeeded: its text is not read."""
    result = {"content": [{"type": "text", "text": "Error: no such table: users"}]}
    assert error_of(result) is None


@pytest.mark.parametrize(
    ("text", "kind", "retryable"),
    [
        ("Monthly quota exceeded. Create a free API key at https://context7.com/dashboard for"
         " more requests.", ErrorKind.PAYMENT_REQUIRED, False),  # an MCP server's text
        ("You do not have access to this resource.", ErrorKind.PERMISSION_DENIED, False),
        ("The request was canceled due to the configured HttpClient.Timeout of 100 seconds"
         " elapsing. ---> A task was canceled.", ErrorKind.UNKNOWN_OUTCOME, None),  # .NET's
        ("The request included a message larger than the max message size the server will"
         " accept.", ErrorKind.TOO_LARGE, False),  # Kafka's, as franz-go gives it
        ("The operation could not be executed because it was rejected by the rate limiter.",
         ErrorKind.RATE_LIMITED, True),  # Polly's
        ("This service has been suspended.", ErrorKind.PAUSED, False),  # Render's
        ("The message is 1699136 bytes when serialized which is larger than the maximum"
         " request size you have configured with the max_request_size configuration",
         ErrorKind.TOO_LARGE, False),  # aiokafka's
        # a short sentence that ends saying its subject is not there, or is already
        ("Entity with name NonExistent not found", ErrorKind.NOT_FOUND, False),  # MCP memory
        ("Blob or Tree named 'position_realtime_infos.py^0' not found", ErrorKind.NOT_FOUND,
         False),  # the MCP git server's
        ("Job 'git-vs-chef-sync' already exists", ErrorKind.CONFLICT, False),  # Jenkins' CLI
        ('Element uid "4_17" not found on page 1.', ErrorKind.NOT_FOUND, False),  # Chrome's
        ("This model is currently overloaded. Please use another model or try again soon.",
         ErrorKind.UNAVAILABLE, True),  # Continue's
        ("Access to src/.env is blocked by the .rooignore file settings.",
         ErrorKind.PERMISSION_DENIED, False),  # Roo Code's
        ("Exchange is currently undergoing maintenance. Please check"
         " https://status.gemini.com/ for more information", ErrorKind.UNAVAILABLE, True),
        # the eleventh set's: a short message that opens with a word of failure or asks to
        # try again
        ("Invalid API key", ErrorKind.UNAUTHENTICATED, False),  # Shodan's
        ("Authentication required, not authenticated - You need to authenticate to access"
         " this operation.", ErrorKind.UNAUTHENTICATED, False),  # Linear's SDK
        ("Slow down! Too many requests. Try again in 1m.", ErrorKind.RATE_LIMITED, True),
        ("Username or password is incorrect. Try again.", ErrorKind.UNAUTHENTICATED, False),
        ("Transaction has been aborted. Please retry", ErrorKind.CONFLICT, True),  # Dgraph
        ("Missing required parameter: query", ErrorKind.INVALID_INPUT, False),
        ("Unauthorized.", ErrorKind.UNAUTHENTICATED, False),
        # the twelfth set's: RunPod's, and Azure OpenAI's 429 as its SDKs print it, whose
        # wait says it failed
        ("Unauthorized request, please check your API key.", ErrorKind.UNAUTHENTICATED, False),
        ("The user denied this operation.", ErrorKind.REFUSED, False),  # Cline's
        ("Unsupported search engine: yahoo. Options: duckduckgo, google, bing",
         ErrorKind.UNSUPPORTED, False),  # browser-use's
        ("The requested URL was rejected. Please consult with your administrator.\nYour"
         " support ID is: 384838716675644175", ErrorKind.REFUSED, False),  # F5's firewall
        # a text that opens saying the request failed, whatever its kind (HAPI FHIR's)
        ("The operation has failed with a version constraint failure. This generally means"
         " that two clients/threads were trying to update the same resource at the same"
         " time, and this request was chosen as the failing request.", ErrorKind.CONFLICT,
         False),
        # the fourteenth set's: ureq's, Huntflow's, ConfigCat's, Unleash's, LangChain's,
        # and crush's edit tool's refusals
        ("the response body is larger than request limit: 10485760", ErrorKind.TOO_LARGE,
         False),
        ("Payment Required Error", ErrorKind.PAYMENT_REQUIRED, False),
        ("Your SDK Key seems to be wrong. You can find the valid SDK Key at"
         " https://app.configcat.com/sdkkey", ErrorKind.UNAUTHENTICATED, False),
        ("A feature with this name already exists. Try re-activating it from the archive",
         ErrorKind.CONFLICT, False),
        ("[Python REPL] is not a valid tool, try another one.", ErrorKind.NOT_FOUND, False),
        ("old_string appears multiple times in the file. Please provide more context to"
         " ensure a unique match, or set replace_all to true", ErrorKind.AMBIGUOUS, False),
        ("file /home/dev/project/internal/server/handler.go has been modified since it was"
         " last read (mod time: 2025-07-30T10:12:44Z, last read: 2025-07-30T10:05:02Z)",
         ErrorKind.CONFLICT, False),
        ("Transaction is too large, size: 1073741888", ErrorKind.TOO_LARGE, False),  # TiDB
        ("API token not valid. Try to run `semgrep logout` and `semgrep login` again.",
         ErrorKind.UNAUTHENTICATED, False),  # Semgrep's CLI (semgrep/semgrep#10133)
        ("Api access frequency exceeds the limit. this ban will last 1 seconds.",
         ErrorKind.RATE_LIMITED, True),  # Lazada's
        ("Requests to the Creates a completion for the chat message Operation under Azure"
         " OpenAI API version 2023-03-15-preview have exceeded token rate limit of your"
         " current OpenAI S0 pricing tier. Please retry after 7 seconds.",
         ErrorKind.RATE_LIMITED, True),
    ],
)  # fmt: skip
def test_a_sentence_alone_that_states_an_error_is_one(
    text: str, kind: ErrorKind, retryable: bool | None
) -> None:
    """Alone, a sentence whose words state an error no answer is (a credential, a limit,
    a timeout, a size) with a verb of failure is read as a text known to be an error."""
    error = error_of(text)
    assert error is not None
    assert (error.kind, error.retryable, error.vendor) == (kind, retryable, None)


@pytest.mark.parametrize(
    "text",
    [
        "Permissions updated successfully",
        "Your rate limit is 100 requests a minute",
        "Timeout set to 30 seconds.",
        "The quota is 5 GB; 1 GB used.",
        "No results found",  # an answer, however worded
        "Nothing found",
        "3 files found",
        "Found 3 files, 2 not found",
        "Found 3 files; 2 not found",
        "The service will be under maintenance on Sunday 3am",  # a notice, not a failure
        "Invalid entries: 0",  # a report's count
        "No results found. Try again with other words.",  # an answer
        "Forbidden City is in Beijing.",  # a word of failure that opens a noun phrase
        "Invalid characters were removed from the filename.",
        "Too many requests were made yesterday; see the chart.",
        "Please try again later to see updated prices.",  # advice, after no failure
        "Search complete. If nothing matches, try again with fewer words.",
        "The word 'data' appears multiple times in the text.",  # an answer, no edit refused
        "Your answer was wrong",  # no known word of an error
        "3 files found. Try the search again tomorrow.",
        "Server returned 404 pages today",
        "The API returned 3 results",
        "File already exists, skipped",
        # sentences about something other than the caller and its request
        "Found 3 issues: #12 Login timed out on Safari; #13 Add dark mode",
        "Search results:\n1. How to fix permission denied errors in Linux",
        "Deployment succeeded. Previous deployment failed at 10:02 due to a timeout.",
        "Connection refused errors are common when the server is down; check the port.",
        "('a', 'b')",  # an exception's arguments, with no words of an error
        "The user has 3 files.",
        '<rsp stat="ok"><list/></rsp>',
        "[1][2] two references",
        "The script threw an exception but we caught it and all is fine",  # no word of one
        "NOTE (1): all good",  # a capital word and a number, and no word of an error
        "GET https://x.io/a 200 (OK)",  # a console's request that succeeded
        "-NOTE all good",  # a dash and capitals, and no word of an error
        "Room 404 (North wing) is booked",  # a number before no reason phrase of its own
    ],
)
def test_a_sentence_that_only_names_a_limit_or_a_right_is_output(text: str) -> None:
    assert error_of(text) is None


def test_a_stated_sentence_inside_a_result_that_succeeded_is_output() -> None:
    """Only a text alone is read for what it states: an MCP result without ``isError``
    says it succeeded."""
    result = {"content": [{"type": "text", "text": "Monthly quota exceeded."}]}
    assert error_of(result) is None


@pytest.mark.parametrize(
    "text",
    [
        "Read timed out after 5 seconds (HTTP::TimeoutError)",
        "** (Mint.TransportError) socket closed",
        "HTTPClientError.deadlineExceeded",
    ],
)
def test_a_text_read_in_another_languages_order_keeps_its_message(text: str) -> None:
    """Ruby's, Elixir's and Swift's exceptions are read as Python prints one, class first;
    the error keeps the text as it was said."""
    error = error_of(text)
    assert error is not None
    assert (error.kind, error.message) == (ErrorKind.UNKNOWN_OUTCOME, text)


def test_a_traceback_known_to_be_an_error_is_read_by_the_exception_it_ends_with() -> None:
    """A failed tool's Python traceback (detectron2#460's "Torch not compiled with CUDA
    enabled") is read by its last line, and keeps its whole text; as a tool's output
    alone, a traceback is a log's content, not an error (``cat server.log``)."""
    text = (
        "Traceback (most recent call last):\n"
        '  File "x.py", line 3, in <module>\n'
        '    raise AssertionError("Torch not compiled with CUDA enabled")\n'
        "AssertionError: Torch not compiled with CUDA enabled"
    )
    error = error_of({"content": [{"type": "text", "text": text}], "isError": True})
    assert error is not None
    assert (error.kind, error.retryable, error.message) == (ErrorKind.UNSUPPORTED, False, text)
    assert error_of(text) is None


@pytest.mark.parametrize(
    ("text", "kind", "retryable"),
    [
        # git's, after what it did first (gogs/gogs#3498, git's own push)
        ("Cloning into 'gogs'...\nUsername for 'http://git.example.com:80': u\nremote: no basic"
         " auth and digit auth\nfatal: Authentication failed for 'http://git.example.com/u/g.git/'",
         ErrorKind.UNAUTHENTICATED, False),
        ("Total 22575327 (delta 17739960), reused 22574907 (delta 17739606)\nerror: RPC failed;"
         " HTTP 413 curl 22 The requested URL returned error: 413\nfatal: the remote end hung up"
         " unexpectedly", ErrorKind.TOO_LARGE, False),
        # curl's after its progress meter, wget's after its request
        ("  % Total    % Received % Xferd  Average Speed   Time\n  0     0    0     0    0     0"
         "      0      0 --:--:--  0:01:10 --:--:--     0curl: (56) Recv failure: Connection"
         " reset by peer", ErrorKind.UNKNOWN_OUTCOME, None),
        ("HTTP request sent, awaiting response... 429 Too Many Requests\n2021-03-24 20:17:58"
         " ERROR 429: Too Many Requests.", ErrorKind.RATE_LIMITED, True),
        ("--2014-04-02 17:18:48--  http://127.0.0.1:12900/search\nConnecting to 127.0.0.1:12900"
         "... connected.\nHTTP request sent, awaiting response... 401 Unauthorized\nUnknown"
         " authentication scheme.\nAuthorization failed.", ErrorKind.UNAUTHENTICATED, False),
        ("--2019-01-18 17:36:28--  https://tools.example.org/data.tar.gz\nResolving"
         " tools.example.org (tools.example.org)... 34.237.166.150\nConnecting to"
         " tools.example.org (tools.example.org)|34.237.166.150|:443... failed: Connection"
         " refused.", ErrorKind.UNAVAILABLE, True),
        # pnpm's and Yarn's codes, Ansible's hosts, Terraform's boxed diagnostics
        (" ERR_PNPM_FETCH_404  GET https://registry.npmjs.org/%20: Not Found - 404\n\nThis error"
         " happened while installing a direct dependency", ErrorKind.NOT_FOUND, False),
        ("yarn add v0.23.4\n[1/4] Resolving packages...\nerror An unexpected error occurred:"
         ' "https://registry.yarnpkg.com/x/-/x-6.24.1.tgz: Request failed \\"404 Not Found\\"".',
         ErrorKind.NOT_FOUND, False),
        ("TASK [common : Create group] ****\nfatal: [apim_1]: FAILED! => {\"msg\": \"Missing sudo"
         ' password"}', ErrorKind.UNAUTHENTICATED, False),
        ('wildfly2 | UNREACHABLE! => {\n    "changed": false,\n    "msg": "Failed to connect to'
         " the host via ssh: ssh: connect to host 34.240.6.124 port 22: Connection timed"
         ' out",\n    "unreachable": true\n}', ErrorKind.UNAVAILABLE, True),
        ("terraform destroy failure: exit status 1\n\nError: Error acquiring the state lock\n\n"
         "Error message: the state is already locked by another terraform client",
         ErrorKind.CONFLICT, True),
        # OpenSSH's user and host before its words
        ("git@example.com: Permission denied (publickey).", ErrorKind.UNAUTHENTICATED, False),
        # Flux's cross before its failure (fluxcd/flux2#1344, #4191): client-go's own rate
        # limiter's wait that ran out is a timeout, not the server's rate limit
        ('\u25ce waiting for Kustomization "flux-system/flux-system" to be reconciled\n\u2717'
         " context deadline exceeded", ErrorKind.UNKNOWN_OUTCOME, None),
        ('\u25ce waiting for Kustomization "flux-system/flux-system" to be reconciled\n\u2717'
         " client rate limiter Wait returned an error: context deadline exceeded",
         ErrorKind.UNKNOWN_OUTCOME, None),
    ],
)  # fmt: skip
def test_a_commands_output_that_says_it_failed_on_a_later_line_is_an_error(
    text: str, kind: ErrorKind, retryable: bool | None
) -> None:
    """A command prints what it did first and its failure last, in its own words (git's
    ``fatal:``, curl's ``curl: (56)``, pnpm's ``ERR_PNPM_*``): the failure's line on is
    read as a text that announces an error."""
    error = error_of(text)
    assert error is not None
    assert (error.kind, error.retryable, error.vendor) == (kind, retryable, None)


@pytest.mark.parametrize(
    "text",
    [
        "PLAY RECAP ****\n10.191.144.50 : ok=4 changed=1 unreachable=0 failed=0 skipped=0",
        "test api::should_fail_when_a_field_is_missing ... ok\ntest result: ok. 12 passed;"
        " 0 failed",
        "2024-03-29 23:40:55 INFO started\n2024-03-29 23:40:56 ERROR: upstream slow\n"
        "2024-03-29 23:40:57 INFO recovered",  # a log's level, in capitals
        "Lines with errors:\n  src/a.py: 3 errors fixed",
        "Running tests\n\u2713 adds\n\u2713 subtracts\n2 passed",  # ticks, no cross
    ],
)
def test_command_output_that_says_no_failure_of_its_own_is_output(text: str) -> None:
    """A command's report that only names failures (a recap, a test run that passed) or
    a log whose levels are capitals is output, not an error."""
    assert error_of(text) is None


@pytest.mark.parametrize(
    ("text", "kind", "retryable"),
    [
        # GeoServer's WMS exception report, its code in an attribute
        ('<?xml version="1.0" encoding="UTF-8"?><ServiceExceptionReport version="1.3.0"'
         ' xmlns="http://www.opengis.net/ogc">   <ServiceException code="LayerNotDefined"'
         ' locator="layers">\n      Could not find layer geonode:boxes\n</ServiceException>'
         "</ServiceExceptionReport>", ErrorKind.NOT_FOUND, False),
        # an OWS exception report with no XML declaration before it
        ('<ows:ExceptionReport xmlns:ows="http://www.opengis.net/ows" version="1.0.0">\n'
         '  <ows:Exception exceptionCode="MissingParameterValue" locator="request">\n'
         "    <ows:ExceptionText>Missing parameter: request</ows:ExceptionText>\n"
         "  </ows:Exception>\n</ows:ExceptionReport>", ErrorKind.INVALID_INPUT, False),
        # a SOAP fault (VIES')
        ('<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body>'
         "<env:Fault><faultcode>env:Server</faultcode><faultstring>MS_MAX_CONCURRENT_REQ"
         "</faultstring></env:Fault></env:Body></env:Envelope>", ErrorKind.RATE_LIMITED, True),
        # Python's xmlrpc.client.Fault, as Odoo's XML-RPC gives it
        ("xmlrpc.client.Fault: <Fault AccessDenied: 'Access denied'>",
         ErrorKind.PERMISSION_DENIED, False),
    ],
)  # fmt: skip
def test_an_xml_error_document_is_read_by_its_text_and_its_codes(
    text: str, kind: ErrorKind, retryable: bool | None
) -> None:
    """OGC's exception reports, SOAP's and XML-RPC's faults are error documents: read by
    their text and the code an attribute gives, not their tags."""
    error = error_of(text)
    assert error is not None
    assert (error.kind, error.retryable, error.vendor) == (kind, retryable, None)


def test_a_capabilities_document_is_no_error() -> None:
    """An OGC service's answer that is no exception report is output."""
    text = '<?xml version="1.0"?><WMS_Capabilities version="1.3.0"><Service><Name>WMS</Name>'
    assert error_of(text + "</Service></WMS_Capabilities>") is None


def test_a_mark_that_says_internal_gives_way_to_words_that_say_not_found() -> None:
    """WeatherAPI's MCP server sends a location not found as -32603: the words say more."""
    error = error_of("MCP error -32603: WeatherAPI error 1006: No matching location found.")
    assert error is not None
    assert (error.kind, error.retryable) == (ErrorKind.NOT_FOUND, False)


def test_a_status_a_text_states_decides_over_words_that_give_way_to_it() -> None:
    """A Fern-generated SDK's ``ApiError: status_code: 401, body: {...}`` (Nixtla's) whose
    body says "Key not found": a 401 is a key rejected, whatever its words say."""
    text = (
        "ApiError: status_code: 401, body: {'data': None, 'message': 'Invalid API key',"
        " 'details': 'Key not found', 'code': 'A12', 'requestID': 'D5Z4QG33EB'}"
    )
    error = error_of(text)
    assert error is not None
    assert (error.kind, error.retryable, error.status_code) == (
        ErrorKind.UNAUTHENTICATED, False, 401
    )  # fmt: skip
