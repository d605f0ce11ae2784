"""The one table of known words: what an error's own text says when nothing exact does."""

from __future__ import annotations

import pytest

from toolerrors import MAX_WAIT, ErrorKind
from toolerrors._table import Row
from toolerrors._words import (
    UNSAID,
    WORDS,
    camel_words,
    is_reason_phrase,
    kind_of_words,
    names_refusal,
    read_words,
    reason_phrase,
    row_or_words,
    status_in_text,
    status_of_phrase,
    undone,
    wait_in_text,
)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("You exceeded your current quota, please check your plan and billing details.",
         ErrorKind.PAYMENT_REQUIRED),
        ("Your credit balance is too low", ErrorKind.PAYMENT_REQUIRED),
        ("Rate limit reached for requests", ErrorKind.RATE_LIMITED),
        ("Too many requests", ErrorKind.RATE_LIMITED),
        ("The request has been throttled", ErrorKind.RATE_LIMITED),
        ("The request timed out.", ErrorKind.UNKNOWN_OUTCOME),
        ("Resource not found", ErrorKind.NOT_FOUND),
        ("channel_not_found", ErrorKind.NOT_FOUND),
        ("itemNotFound", ErrorKind.NOT_FOUND),
        ("A repository with this name already exists", ErrorKind.CONFLICT),
        ("The job already completed", ErrorKind.CONFLICT),
        ("Forbidden", ErrorKind.PERMISSION_DENIED),
        ("accessDenied", ErrorKind.PERMISSION_DENIED),
        ("You do not have the required permissions to access this item.",
         ErrorKind.PERMISSION_DENIED),
        ("Invalid departure date", ErrorKind.INVALID_INPUT),
        ("Missing required field: channel", ErrorKind.INVALID_INPUT),
        ("Malformed JSON", ErrorKind.INVALID_INPUT),
        ("Request too large", ErrorKind.TOO_LARGE),
        ("The input exceeds the maximum length", ErrorKind.TOO_LARGE),
        ("Overloaded", ErrorKind.UNAVAILABLE),
        ("Service unavailable", ErrorKind.UNAVAILABLE),
        ("User rejected sampling request", ErrorKind.REFUSED),
        ("The user declined", ErrorKind.REFUSED),
        ("Specified HTTP method is not allowed for the request target.", ErrorKind.UNSUPPORTED),
        ("connect ECONNREFUSED 127.0.0.1:5432", ErrorKind.UNAVAILABLE),
        ("page.goto: net::ERR_CONNECTION_REFUSED at http://localhost:3000/", ErrorKind.UNAVAILABLE),
        ("page.goto: net::ERR_NAME_NOT_RESOLVED at https://example.invalid/", ErrorKind.UNAVAILABLE),
        ("TypeError: fetch failed: getaddrinfo ENOTFOUND remote.mcp.server", ErrorKind.UNAVAILABLE),
        ("TypeError: fetch failed", ErrorKind.UNKNOWN_OUTCOME),
        # mcp-server-fetch 2026.10.24 (its fetch tool's text for httpx's ConnectError)
        ("Error executing tool fetch: Failed to fetch http://127.0.0.1:1/: "
         "ConnectError('All connection attempts failed')", ErrorKind.UNAVAILABLE),
        ("Failed to fetch the page due to a connection issue", ErrorKind.UNKNOWN_OUTCOME),
        ("1 validation error for fetchArguments\nurl\n  Input should be a valid URL",
         ErrorKind.INVALID_INPUT),
        ("1 validation error for fetchArguments\nmax_length\n  Input should be less than or "
         "equal to 1000000", ErrorKind.INVALID_INPUT),
        ("EISDIR: illegal operation on a directory, read", ErrorKind.INVALID_INPUT),
        ("ENOTDIR: not a directory, open '/a/b'", ErrorKind.INVALID_INPUT),
        ("Cannot specify both query and url", ErrorKind.INVALID_INPUT),
        ("Could not find exact match for old_string", ErrorKind.INVALID_INPUT),
        ('syntax error at or near "selec"', ErrorKind.INVALID_INPUT),
        ("Ref e12 did not resolve to an object", ErrorKind.NOT_FOUND),
        ("error: pathspec 'x.txt' did not match any file(s) known to git", ErrorKind.NOT_FOUND),
        ("No session found with id 4", ErrorKind.NOT_FOUND),
        ("ReferenceError: foo is not defined", ErrorKind.NOT_FOUND),
        ("Query has complexity of 501, which exceeds max of 300", ErrorKind.TOO_LARGE),
        ("Domain evil.example is not in the allowed domains list", ErrorKind.PERMISSION_DENIED),
        ("Path /etc is outside the allowed repository", ErrorKind.PERMISSION_DENIED),
        ("Refused to fetch http://10.0.0.1/: not a public address", ErrorKind.PERMISSION_DENIED),
        ("Your local changes to the following files would be overwritten by checkout",
         ErrorKind.CONFLICT),
        # Replicate's 422 problem document: its title and detail together
        ("Input validation failed - Additional property signal is not allowed",
         ErrorKind.INVALID_INPUT),
        # Tavily's extract endpoint
        ("All URLs failed validation.", ErrorKind.INVALID_INPUT),
        # mcp-obsidian, quoting Obsidian Local REST API's 40101
        ("Error 40101: Authorization required. Find your API Key in the settings",
         ErrorKind.UNAUTHENTICATED),
        # GitLab's and Buildkite's GraphQL APIs (graphql-ruby's words), and start.gg's: a
        # query over the complexity limit must be made smaller, as bad input is
        ("Query has complexity of 1421, which exceeds max complexity of 300",
         ErrorKind.INVALID_INPUT),
        ("Your query complexity is too high. A maximum of 1000 objects may be returned by "
         "each request. (actual: 1000)", ErrorKind.INVALID_INPUT),
        # Netlify's 422 for a deploy's build that has finished: the state, not the input
        ("Build is already done", ErrorKind.CONFLICT),
        # Zoom's 4711: a token the server read, that lacks the scopes the call needs
        ("Invalid access token, does not contain scopes:[user:read:list_users:admin].",
         ErrorKind.PERMISSION_DENIED),
        # Tavily's MCP server: a key named by its API, missing or wrong
        ("Invalid Tavily API key: the value in the tavilyApiKey query parameter does not "
         "start with 'tvly-'.", ErrorKind.UNAUTHENTICATED),
        # Neo4j's status codes classify a transient failure, which may be retried
        ("Neo.TransientError.Transaction.DeadlockDetected", ErrorKind.UNAVAILABLE),
        # a statement undone: a deadlock (MySQL's 1213) is a conflict, a locked database
        # (SQLite's SQLITE_BUSY) a busy server
        ("Deadlock found when trying to get lock; try restarting transaction",
         ErrorKind.CONFLICT),
        ("database is locked", ErrorKind.UNAVAILABLE),
        # a wrong password, though the connection failed (Snowflake's 250001)
        ("Failed to connect to DB. Incorrect username or password was specified.",
         ErrorKind.UNAUTHENTICATED),
        # never connected: no route, a refusal in Windows' words, no listener (Oracle's
        # TNS), a connect or login timeout (libcurl's, undici's, ODBC's)
        ("tcp connect error: Network unreachable (os error 101)", ErrorKind.UNAVAILABLE),
        ("the target machine actively refused it", ErrorKind.UNAVAILABLE),
        ("ORA-12541: TNS:no listener", ErrorKind.UNAVAILABLE),
        ("Connection timed out after 4514 milliseconds", ErrorKind.UNAVAILABLE),
        ("UND_ERR_CONNECT_TIMEOUT", ErrorKind.UNAVAILABLE),
        ("Login timeout expired", ErrorKind.UNAVAILABLE),
        ("QueuePool limit of size 5 overflow 10 reached, connection timed out",
         ErrorKind.UNAVAILABLE),
        # an account in arrears (Alibaba Cloud's Arrearage), a spent budget (LiteLLM's),
        # a plan's own limit (Heroku's app limit), but never a rate limit's
        ("Arrearage", ErrorKind.PAYMENT_REQUIRED),
        ("Please make sure your account is in good standing.", ErrorKind.PAYMENT_REQUIRED),
        ("budget_exceeded", ErrorKind.PAYMENT_REQUIRED),
        ("You've reached your app limit of 100 apps.", ErrorKind.PAYMENT_REQUIRED),
        ("You have reached your pull rate limit.", ErrorKind.RATE_LIMITED),
        # credentials and signatures (Tencent Cloud's, Etsy's, Fastly's)
        ("AuthFailure.SignatureFailure", ErrorKind.UNAUTHENTICATED),
        ("Shared secret is required in x-api-key header.", ErrorKind.UNAUTHENTICATED),
        ("Provided credentials are missing or invalid", ErrorKind.UNAUTHENTICATED),
        # Oracle's ORA-00001, a path outside the allowed ones, an argument not accepted
        ("ORA-00001: unique constraint (KESENIAN.KES_MENUS_ID_PK) violated",
         ErrorKind.CONFLICT),
        ("Working directory (c:\\Users\\Nova) outside allowed paths",
         ErrorKind.PERMISSION_DENIED),
        ("InputObject 'SomeObject' doesn't accept argument 'someArgument'",
         ErrorKind.INVALID_INPUT),
        ("'MyQuery' exceeds maximum operation depth of 2", ErrorKind.INVALID_INPUT),
        # something there already: Mailchimp's "Member Exists", errno's EEXIST
        ("Member Exists", ErrorKind.CONFLICT),
        ("test1@test.cz is already a list member.", ErrorKind.CONFLICT),
        ("[Errno 17] File exists: '/tmp/x'", ErrorKind.CONFLICT),
        # a model's context (vLLM's 400), a service disabled for a while (AniList's), an
        # account without access (KeystoneJS's AccessDeniedError)
        ("This model's maximum context length is 32768 tokens. However, you requested 41648"
         " tokens", ErrorKind.TOO_LARGE),
        ("The AniList API has been temporarily disabled due to severe stability issues.",
         ErrorKind.UNAVAILABLE),
        ("You do not have access to this resource", ErrorKind.PERMISSION_DENIED),
        # pCloud's "Log in failed.", a reset connection, "response code: 403"
        ("Log in failed.", ErrorKind.UNAUTHENTICATED),
        ("connect ECONNRESET", ErrorKind.UNKNOWN_OUTCOME),
        # the fourteenth set's: a plan that does not include a feature (aviationstack's
        # function_access_restricted, FlightAware's), a plan's limit (Honeybadger's), a
        # tier to upgrade (Daytona's)
        ("Your current subscription plan does not support this API function.",
         ErrorKind.PAYMENT_REQUIRED),
        ("Your account subscription level does not have access to extended airline and gate"
         " information.", ErrorKind.PAYMENT_REQUIRED),
        ("You have reached your plan's limit for the number of check-ins.",
         ErrorKind.PAYMENT_REQUIRED),
        ("Total disk limit exceeded. Maximum allowed: 30GiB. To increase concurrency limits,"
         " upgrade your organization's Tier", ErrorKind.PAYMENT_REQUIRED),
        ("Payment Required Error", ErrorKind.PAYMENT_REQUIRED),  # Huntflow's
        # credentials: ConfigCat's, openrouteservice's, Unleash's, Stytch's, Canvas' OAuth
        ("Your SDK Key seems to be wrong.", ErrorKind.UNAUTHENTICATED),
        ("Authorization field/api_key missing in request.", ErrorKind.UNAUTHENTICATED),
        ("You must sign in order to use Unleash", ErrorKind.UNAUTHENTICATED),
        ("The magic link could not be authenticated because it was either already used or"
         " expired.", ErrorKind.UNAUTHENTICATED),
        ("refresh_token not found", ErrorKind.UNAUTHENTICATED),
        ("This action is unauthorized.", ErrorKind.PERMISSION_DENIED),  # Laravel's 403
        # sizes before a request limit's words (ureq's, connect-go's, an MCP server's)
        ("the response body is larger than request limit: 10485760", ErrorKind.TOO_LARGE),
        ("message size 5242885 is larger than configured max 1024", ErrorKind.TOO_LARGE),
        ("Response from https://example.com/dataset.csv exceeds 10485760 bytes",
         ErrorKind.TOO_LARGE),
        # Resilience4j's bulkhead and circuit breaker, TikTok's "posting too fast"
        ("Bulkhead 'backendA' is full and does not permit further calls",
         ErrorKind.RATE_LIMITED),
        ("CircuitBreaker 'backendA' is OPEN and does not permit further calls",
         ErrorKind.UNAVAILABLE),
        ("You are posting too fast. Take a rest.", ErrorKind.RATE_LIMITED),
        ("Remotely closed", ErrorKind.UNKNOWN_OUTCOME),  # AsyncHttpClient's
        ("socket closed", ErrorKind.UNKNOWN_OUTCOME),  # Mint's
        # states that stand in the way (Gusto's, Personio's, crush's edit tool)
        ("This payroll has already been processed. Its data cannot be updated or altered.",
         ErrorKind.CONFLICT),
        ("Existing overlapping attendances periods", ErrorKind.CONFLICT),
        ("file /src/handler.go has been modified since it was last read", ErrorKind.CONFLICT),
        ("old_string appears multiple times in the file. Please provide more context to"
         " ensure a unique match", ErrorKind.AMBIGUOUS),
        ("tool3 is not a valid tool, try one of [tool1, tool2].", ErrorKind.NOT_FOUND),
        # input: go-playground/validator's, Laravel's mimes rule, Last.fm's, Manticore's
        ("Key: 'CreateWorkspaceDTO.Id' Error:Field validation for 'Id' failed on the"
         " 'required' tag", ErrorKind.INVALID_INPUT),
        ("The file must be a file of type: pdf, docx, doc", ErrorKind.UNSUPPORTED),
        ("limit param out of bounds (1-1000)", ErrorKind.INVALID_INPUT),
        ("MVA elements should be integers", ErrorKind.INVALID_INPUT),
        # the fifteenth set's: GeoNames' hourly credits, Scopus' service level, Toggl's
        # premium, Langflow's key, Dataverse's guest
        ("the hourly limit of 1000 credits for gclh has been exceeded. Please throttle your"
         " requests or use the commercial service.", ErrorKind.RATE_LIMITED),
        ("Exceeds the maximum number allowed for the service level",
         ErrorKind.PAYMENT_REQUIRED),
        ("Request tried to utilized Premium functionality on workspace which is not Premium!",
         ErrorKind.PAYMENT_REQUIRED),
        ("An API key must be passed as query or header", ErrorKind.UNAUTHENTICATED),
        ("User :guest is not permitted to perform requested action.",
         ErrorKind.PERMISSION_DENIED),
        # credentials a 403 states (authentik's, Clash of Clans', Prismic's, WorkOS'):
        # a word pair with a slash is no path
        ("Token invalid/expired", ErrorKind.UNAUTHENTICATED),
        ("Invalid/expired token", ErrorKind.UNAUTHENTICATED),
        ("Invalid authorization", ErrorKind.UNAUTHENTICATED),
        ("ForbiddenError: Access to this Ref requires an access token",
         ErrorKind.UNAUTHENTICATED),
        ("User must authenticate via SSO.", ErrorKind.UNAUTHENTICATED),
        ("open src/invalid/x.go: no such file or directory", ErrorKind.NOT_FOUND),
        # the seventeenth set's: VIES' SOAP faults, ScraperAPI's MCP server, Valhalla's,
        # Rack::Attack's 429, Ansible's, OpenSSH's, Terraform's lock
        ("MS_MAX_CONCURRENT_REQ: the maximum number of concurrent requests for this Member"
         " State has been reached.", ErrorKind.RATE_LIMITED),
        ("SERVER_BUSY", ErrorKind.UNAVAILABLE),
        ("Please re-submit your request later", ErrorKind.UNAVAILABLE),
        ("Retry later", ErrorKind.UNAVAILABLE),
        ("API_KEY environment variable is not set.", ErrorKind.UNAUTHENTICATED),
        ("No path could be found for input", ErrorKind.NOT_FOUND),
        ("Missing sudo password", ErrorKind.UNAUTHENTICATED),
        ("Permission denied (publickey).", ErrorKind.UNAUTHENTICATED),
        ("the state is already locked by another terraform client", ErrorKind.CONFLICT),
        # Echo's JWT middleware, AccuWeather's 503, Valhalla's 150, Firezone's 403,
        # PandaDoc's
        ("missing or malformed jwt", ErrorKind.UNAUTHENTICATED),
        ("The allowed number of requests has been exceeded.", ErrorKind.RATE_LIMITED),
        ("Exceeded max locations:20", ErrorKind.TOO_LARGE),
        ("Exceeded maximum retries", ErrorKind.INTERNAL),  # a count, not a size
        ("The account is disabled", ErrorKind.PAUSED),
        ("The Subscription is not active", ErrorKind.PAYMENT_REQUIRED),
        # Astra DB's, Azure Cosmos DB's, Zilliz's gRPC details
        ("token not found", ErrorKind.UNAUTHENTICATED),
        ("key not found", ErrorKind.NOT_FOUND),  # a store's key, not a credential
        ("The authorization token is not valid at the current time.",
         ErrorKind.UNAUTHENTICATED),
        ("Request rate is large. More Request Units may be needed", ErrorKind.RATE_LIMITED),
        ("we are currently experiencing high demand in this region ... try again shortly",
         ErrorKind.UNAVAILABLE),
        # Homebrew's, Stack Exchange's, pub.dev's, Packagist's
        ("Error: Formulae found in multiple taps:", ErrorKind.AMBIGUOUS),
        ("A `brew install` process has already locked /opt/homebrew/Cellar/gh.",
         ErrorKind.CONFLICT),
        ("throttle_violation", ErrorKind.RATE_LIMITED),
        ("Failed to scan tar archive. (Maximum total length reached: 104857600.)",
         ErrorKind.TOO_LARGE),
        ("Missing or invalid username/apiToken in request", ErrorKind.UNAUTHENTICATED),
        # drivers' and data libraries': jOOQ's, LINQ's (Dapper's), Redis', SQL Server's
        ("Cursor returned no rows", ErrorKind.NOT_FOUND),
        ("Sequence contains no elements", ErrorKind.NOT_FOUND),
        ("Cursor returned more than one result", ErrorKind.AMBIGUOUS),
        ("Sequence contains more than one element", ErrorKind.AMBIGUOUS),
        ("Database record has been changed", ErrorKind.CONFLICT),
        ("LOADING Redis is loading the dataset in memory", ErrorKind.UNAVAILABLE),
        ("ERR max number of clients reached.", ErrorKind.UNAVAILABLE),
        ("Database 'shop' on server 'db.example.net' is not currently available.  Please retry"
         " the connection later.", ErrorKind.UNAVAILABLE),
        ("mongo: no documents in result", ErrorKind.NOT_FOUND),
        ("Source is disabled", ErrorKind.PAUSED),
        ("Client with ana@example.com already exist in the system.", ErrorKind.CONFLICT),
        # gRPC's failed precondition (LiveKit's), a user who cancelled (llm's), Solana's
        # lagging node, DBHub's, 100ms'
        ("failed_precondition", ErrorKind.CONFLICT),
        ("Cancelled: User cancelled tool call", ErrorKind.REFUSED),
        ("Node is behind by 59093 slots", ErrorKind.UNAVAILABLE),
        ("Source 'prod' is unreachable. Verify the database is running", ErrorKind.UNAVAILABLE),
        ("Read-only mode is enabled.", ErrorKind.PERMISSION_DENIED),
        ("Token validation error", ErrorKind.UNAUTHENTICATED),
        # the twentieth set's: S3's SlowDown (the Internet Archive's), its signature,
        # Healthchecks', AnkiConnect's, DOAJ's, DPLA's
        ("Please reduce your request rate.", ErrorKind.RATE_LIMITED),
        ("The request signature we calculated does not match the signature you provided.",
         ErrorKind.UNAUTHENTICATED),
        ("ambiguous slug", ErrorKind.AMBIGUOUS),
        ("json validation error: timeout is too small", ErrorKind.INVALID_INPUT),
        ("cannot create note because it is a duplicate", ErrorKind.CONFLICT),
        ("The article matched multiple existing articles as duplicates, and we cannot tell"
         " which one to update", ErrorKind.AMBIGUOUS),
        ("There was an unexpected internal error. Please try again later.",
         ErrorKind.INTERNAL),
        ("The server is down for maintenance", ErrorKind.UNAVAILABLE),
        # the twenty-first set's: BookStack's 403, Zerodha Kite's TokenException, Naver
        # Search Ad's 403 problem, Apache DolphinScheduler's 10001
        ("The authorization token used has expired", ErrorKind.UNAUTHENTICATED),
        ("Invalid session credentials", ErrorKind.UNAUTHENTICATED),
        ("Auth failed with api-key: 010, customer-id: 000000", ErrorKind.UNAUTHENTICATED),
        ("request parameter pageNo is not valid", ErrorKind.INVALID_INPUT),
        ("Invalid session id", ErrorKind.INVALID_INPUT),  # no credential: MCP's session
        # the twenty-second set's: Modrinth's (packwiz#376), AdGuard Home's (#5624),
        # nodemailer's SMTP replies (#920, #1047), GBIF's 420 (kartoza/bims#4624),
        # Materials Project's (AI-multimodal/Lightshow#156), HyP3's (lib/dynamo/dynamo/
        # exceptions.py), the Planetary Computer's (microsoft/PlanetaryComputer#240)
        ("You are being rate-limited", ErrorKind.RATE_LIMITED),
        ("Filter URL already added", ErrorKind.CONFLICT),
        ("Invalid login: 535 5.7.3 Authentication unsuccessful", ErrorKind.UNAUTHENTICATED),
        ("550 Error reading data, max message size exceeded", ErrorKind.TOO_LARGE),
        ("User hdallas has too many simultaneous downloads; the limit is 3.",
         ErrorKind.RATE_LIMITED),
        ("API_KEY is not a valid key.", ErrorKind.UNAUTHENTICATED),
        ("jdoe's request for access is pending review.", ErrorKind.APPROVAL_REQUIRED),
        ("The request exceeded the maximum allowed time, please try again.",
         ErrorKind.UNKNOWN_OUTCOME),
        # GitGuardian's 403: a scope the token lacks, before the token's own words
        ("Token is missing the following scope: honeytokens:read", ErrorKind.PERMISSION_DENIED),
        # the twenty-third set's: Ecto's and ActiveRecord's exceptions (bors-ng/bors-ng#452,
        # somleng/somleng#11), Basic Memory's MCP server's rejected key (basicmachines-co/
        # basic-memory): a key that was rejected is a credential, not a person's no
        ("expected at most one result but got 3 in query", ErrorKind.AMBIGUOUS),
        ("expected at least one result but got none in query", ErrorKind.NOT_FOUND),
        ("attempted to update a stale struct", ErrorKind.CONFLICT),
        ("could not obtain a connection from the pool within 5.000 seconds",
         ErrorKind.UNAVAILABLE),
        ("the configured cloud API key was rejected by the server", ErrorKind.UNAUTHENTICATED),
        ("The transfer was rejected by the user", ErrorKind.REFUSED),
        # Aptabase's ingestion (aptabase/aptabase, EventsController.cs)
        ("Too many events (30) in a single request. Maximum is 25.", ErrorKind.TOO_LARGE),
        # the twenty-fifth round's: words many APIs share, each from a real body: Node-RED's
        # admin API, DNSimple's fixture, Tiendanube's docs, FOLIO's mod-circulation tests,
        # Firezone's, Umami's, Logto's and Storj's limits, Elastic APM's and LibreTranslate's
        # sizes, RFC 9110's own 413 wording (JMAP's), Casdoor's, bitrise-webhooks', SumUp's
        # and Smartcar's, Gumroad's, Coolify's, JPush's, Swetrix's and LoginRadius' disabled
        # keys and accounts, LibreTranslate's and LoginRadius' lockouts, Checkly's and
        # lmdeploy's work in progress, Pydantic's "Extra inputs" (TrueNAS'), Rails' field
        # length (Judge0's)
        ("Module already loaded", ErrorKind.CONFLICT),
        ("The domain google.com is already in DNSimple and cannot be added", ErrorKind.CONFLICT),
        ("The checkout already has an assigned coupon.", ErrorKind.CONFLICT),
        ("Item is already checked out", ErrorKind.CONFLICT),
        ("No item with barcode 036000291452 could be found", ErrorKind.NOT_FOUND),
        ("Seat Limit Reached", ErrorKind.PAYMENT_REQUIRED),
        ("Website limit reached.", ErrorKind.PAYMENT_REQUIRED),
        ("You have reached the limit of your subscription plan.", ErrorKind.PAYMENT_REQUIRED),
        ("uplink: storage limit exceeded", ErrorKind.PAYMENT_REQUIRED),
        ("event exceeded the permitted size", ErrorKind.TOO_LARGE),
        ("The request is larger than the server is willing to process.", ErrorKind.TOO_LARGE),
        ("Invalid request: request (2523) exceeds text limit (2000)", ErrorKind.TOO_LARGE),
        ("Please login first", ErrorKind.UNAUTHENTICATED),
        ("No API Token parameter defined", ErrorKind.UNAUTHENTICATED),
        ("The device is offline.", ErrorKind.UNAVAILABLE),
        ("The vehicle is in a sleep state and temporarily unable to perform your request.",
         ErrorKind.UNAVAILABLE),
        ("This license key has been disabled.", ErrorKind.PAUSED),
        ("API is disabled.", ErrorKind.PAUSED),
        ("The appKey is in black list.", ErrorKind.PAUSED),
        ("Incoming analytics is disabled for this project", ErrorKind.PAUSED),
        ("Your account is blocked", ErrorKind.PAUSED),
        ("Too many request limits violations", ErrorKind.RATE_LIMITED),
        ("Your account has been locked, please try again after sometime.",
         ErrorKind.RATE_LIMITED),
        ("A deployment for this project is already in progress.", ErrorKind.CONFLICT),
        ("Session 42 already has an active request.", ErrorKind.CONFLICT),
        ("Extra inputs are not permitted", ErrorKind.INVALID_INPUT),
        ("is too long (maximum is 512 characters)", ErrorKind.INVALID_INPUT),
        ("User does not have right", ErrorKind.PERMISSION_DENIED),
        # and from the twenty-fifth set: Ideogram's and Luma's moderation, D-ID's sizes and
        # work in process, Logseq's method, PowerDNS' CNAME, GitBook's legacy client
        ("Prompt provided failed safety check due to the inclusion of prohibited content.",
         ErrorKind.REFUSED),
        ("Generation failed: Advanced moderation failed", ErrorKind.REFUSED),
        ("Video buffer size exceeds 50MB", ErrorKind.TOO_LARGE),
        ("talk is in process, try again later", ErrorKind.CONFLICT),
        ("MethodNotExist: ui_show_msg", ErrorKind.NOT_FOUND),
        ("RRset test.example.com. IN TXT: Conflicts with pre-existing CNAME RRset",
         ErrorKind.CONFLICT),
        ("Authentication has failed (Invalid user, password or access token)",
         ErrorKind.UNAUTHENTICATED),
        ("CREATE TABLE IF NOT EXISTS failed: syntax error", ErrorKind.INVALID_INPUT),
        # words the earlier sets' texts share: SambaNova's model, Outlines' CFG, MailerLite's
        # and Moralis' validation, MongoDB MCP's unconfirmed write, Lazada's and Picovoice's
        # limits, fasthttp's pool and early close, Vapi's worker, MailKit's SMTP reply, Dokku's
        # lock, Ecto's constraint, php-amqplib's ACCESS_REFUSED, MEGA's EACCESS, asyncua's
        # sessions, pymodbus' IllegalAddress, PropelAuth's disabled feature
        ("The requested model (x) is not available on SambaNova Cloud.", ErrorKind.UNSUPPORTED),
        ("CFG-based structured outputs are not available with Gemini.", ErrorKind.UNSUPPORTED),
        ("Access token creation is not enabled", ErrorKind.UNSUPPORTED),
        ("The emails.0 field must be an array", ErrorKind.INVALID_INPUT),
        ("addresses must contain at least 2 elements", ErrorKind.INVALID_INPUT),
        ("Exception Response(143, 15, IllegalAddress)", ErrorKind.INVALID_INPUT),
        ("User did not confirm the write stages of the aggregation pipeline",
         ErrorKind.REFUSED),
        ("Seller's online product count 1000 has reach limit 1000", ErrorKind.PAYMENT_REQUIRED),
        ("AccessKey <key> has reached it's temporary device limit", ErrorKind.PAYMENT_REQUIRED),
        ("no free connections available to host", ErrorKind.UNAVAILABLE),
        ("the server closed connection before returning the first response byte",
         ErrorKind.UNKNOWN_OUTCOME),
        ("call.in-progress.error-vapifault-worker-not-available", ErrorKind.UNAVAILABLE),
        ("ServiceNotAvailable: 4.3.2 Service not active", ErrorKind.UNAVAILABLE),
        ("The server has reached its maximum number of sessions.", ErrorKind.UNAVAILABLE),
        ("abba-schoolable-core currently has a deploy lock in place. Exiting...",
         ErrorKind.CONFLICT),
        ("constraint error when attempting to insert struct: addresses_pkey"
         " (unique_constraint)", ErrorKind.CONFLICT),
        ("ACCESS_REFUSED - access to queue 'task_queue' in vhost '/folder' refused",
         ErrorKind.PERMISSION_DENIED),
        ("EACCESS (-11): Access violation (e.g., trying to write to a read-only share)",
         ErrorKind.PERMISSION_DENIED),
        # the twenty-sixth set's: BeeAI's ACP client and edit tool, Mashery's "Developer
        # Over Rate" (Hotelbeds'), AffiniPay's minimum, Firecracker's body, the
        # Stainless-built SDKs' missing key (Toolhouse's), Mautic's free accounts, a Python
        # bug in an MCP server (WHOOP's), restic's lock, Strands' closed connection
        ("ACP client does not advertise fs.read_text_file capability", ErrorKind.UNSUPPORTED),
        ("Expected 1 occurrence(s) of the target text in /workspace/app.py, found 3.",
         ErrorKind.AMBIGUOUS),
        ("Developer Over Rate", ErrorKind.RATE_LIMITED),
        ("Amount is less than the minimum value", ErrorKind.INVALID_INPUT),
        ("An error occurred when deserializing the json body of a request: EOF while parsing"
         " a value at line 1 column 0.", ErrorKind.INVALID_INPUT),
        ("The api_key client option must be set either by passing api_key to the client or by"
         " setting the OPENAI_API_KEY environment variable", ErrorKind.UNAUTHENTICATED),
        ("Sorry, to prevent spam, this feature is not enabled for free accounts.",
         ErrorKind.PAYMENT_REQUIRED),
        ("'WhoopClient' object has no attribute 'cycles'", ErrorKind.INTERNAL),
        ("unable to create lock in backend: repository is already locked by PID 9454",
         ErrorKind.CONFLICT),
        ("Tool execution failed: Connection to the MCP server was closed",
         ErrorKind.UNKNOWN_OUTCOME),
        ("ConcurrencyException - Direct tool call cannot be made", ErrorKind.CONFLICT),
        # the twenty-seventh set's: conda's, mamba's and Bun's network failures, FFmpeg's,
        # Pandoc's and libvips' formats, sharp's pixel limit and missing input, kintone's
        # token, BitPay's invoice state
        ("CondaHTTPError: HTTP 000 CONNECTION FAILED for url <https://repo.anaconda.com/>",
         ErrorKind.UNAVAILABLE),
        ("Download error (6) Couldn't resolve host name", ErrorKind.UNAVAILABLE),
        ("error: FailedToOpenSocket downloading package manifest", ErrorKind.UNAVAILABLE),
        ("Unknown encoder 'libx264'", ErrorKind.UNSUPPORTED),
        ("Unknown output format 'doc'", ErrorKind.UNSUPPORTED),
        ('VipsForeignLoad: "/home/u/test.tiff" is not a known file format',
         ErrorKind.UNSUPPORTED),
        ("Input image exceeds pixel limit", ErrorKind.TOO_LARGE),
        ("Input file is missing: does-not-exist", ErrorKind.NOT_FOUND),
        ("The specified API token does not match the API token generated via an app.",
         ErrorKind.UNAUTHENTICATED),
        ("Invalid invoice state for cancel", ErrorKind.CONFLICT),
        # Centrifugo's code 102, Navitia's unknown_object
        ("unknown channel", ErrorKind.NOT_FOUND),
        ("unknown_object", ErrorKind.NOT_FOUND),
        ("unknown parameter 'x'", ErrorKind.INVALID_INPUT),
    ],
)  # fmt: skip
def test_each_word_names_its_kind(text: str, kind: ErrorKind) -> None:
    """The issue's table, word by word, in codes (snake_case, camelCase) and sentences."""
    assert kind_of_words(text) is kind


def test_a_precondition_met_names_nothing() -> None:
    """A precondition that failed is a conflict; one that is met names no kind."""
    assert kind_of_words("The precondition is met") is None


@pytest.mark.parametrize(
    "text",
    [
        "check is not paused",  # Healthchecks' 409: a state, not a pause
        "Max page reached. Please narrow down your search",  # Figshare's: no service down
    ],
)
def test_words_negated_or_idiomatic_name_no_state(text: str) -> None:
    assert kind_of_words(text) not in (ErrorKind.PAUSED, ErrorKind.UNAVAILABLE)


def test_the_more_telling_words_come_first() -> None:
    """Billing beats a rate limit, a refusal beats bad input, whatever comes first in the
    text; only a limit that refills with time comes before billing."""
    assert kind_of_words("Rate limit: your quota is spent") is ErrorKind.PAYMENT_REQUIRED
    assert kind_of_words("Invalid request: the user declined") is ErrorKind.REFUSED
    kinds = [kind for _, kind in WORDS]
    first_billing = kinds.index(ErrorKind.PAYMENT_REQUIRED)
    assert kinds[first_billing - 1] is ErrorKind.RATE_LIMITED  # the limit that refills
    assert ErrorKind.RATE_LIMITED not in kinds[: first_billing - 1]


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("You have run out of API credits for the current minute.", ErrorKind.RATE_LIMITED),
        ("Quota exceeded: 15 requests per minute", ErrorKind.RATE_LIMITED),
        ("ERR max daily request limit exceeded. Limit: 10000", ErrorKind.RATE_LIMITED),
        ("You've reached the access limit for this client.", ErrorKind.RATE_LIMITED),
        ("You exceeded your current quota, please check your plan", ErrorKind.PAYMENT_REQUIRED),
        ("You have exceeded your monthly credits", ErrorKind.PAYMENT_REQUIRED),
        ("Payment declined: 500 Euros exceeds your daily limit", ErrorKind.REFUSED),
    ],
)
def test_a_limit_that_refills_with_time_is_a_rate_limit(text: str, kind: ErrorKind) -> None:
    """Credits or a quota for a minute, an hour or a second, a request or access limit
    (Twelve Data's, Upstash's, Yelp's): a rate limit; a month's credits, a quota with no
    period and a day's spending limit are not."""
    assert kind_of_words(text) is kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("OAuth error: The access token is invalid", ErrorKind.UNAUTHENTICATED),
        ("OAuth token invalid or revoked.", ErrorKind.UNAUTHENTICATED),
        ("invalid_auth", ErrorKind.UNAUTHENTICATED),
        ("Instance is not unique.", ErrorKind.CONFLICT),
    ],
)
def test_words_for_rejected_tokens_and_taken_names(text: str, kind: ErrorKind) -> None:
    """Unsplash's and Foursquare's rejected tokens, Fauna's taken name."""
    assert kind_of_words(text) is kind


def test_no_known_word_says_nothing() -> None:
    """Words that name nothing known give None, and so do no texts at all."""
    assert kind_of_words("boom") is None
    assert kind_of_words(None, "") is None
    assert read_words("boom") is None


def test_words_give_the_retry_advice_of_their_kind() -> None:
    """A rate limit may be retried, a timeout may have run, a refusal never is."""
    assert read_words("throttled") == (ErrorKind.RATE_LIMITED, True)
    assert read_words("timed out") == (ErrorKind.UNKNOWN_OUTCOME, None)
    assert read_words("declined") == (ErrorKind.REFUSED, False)


def test_a_row_decides_then_the_words_then_the_bodys_status() -> None:
    """A code's row decides; a code the table lacks is read by its words, then by the
    status the body gives, else left to the response's status."""
    row = Row("acme", "LOCKED", ErrorKind.CONFLICT, False, 423)
    assert row_or_words(row, "Too many requests", status=404) == (ErrorKind.CONFLICT, False)
    assert row_or_words(None, "Too many requests", status=404) == (ErrorKind.RATE_LIMITED, True)
    assert row_or_words(None, "object gone", status=404) == (ErrorKind.NOT_FOUND, False)
    assert row_or_words(None, "object gone", status=503) == (ErrorKind.UNAVAILABLE, True)
    assert row_or_words(None, "object gone", None, status=302) is UNSAID
    assert row_or_words(None, "object gone") is UNSAID


def test_names_refusal_finds_a_no_anywhere_as_a_whole_word() -> None:
    """The refusal words of the table, in any case, as whole words only."""
    assert names_refusal("User rejected sampling request")
    assert names_refusal("The request was DECLINED by the user.")
    assert not names_refusal("Unrejectedness is not a word here")
    assert not names_refusal("Method not found")


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("Too Many Requests: retry after 3", 3.0),
        ("Please try again in 17.359s. Visit https://console.groq.com", 17.359),
        ("Please try again in 1m0.363142857s.", 60.363142857),
        ("retry in 1m30s", 90.0),
        ("Please try again in 20ms.", 0.02),
        ("Try again in 5 minutes.", 300.0),
        ("Retry after 2 seconds, please.", 2.0),
        ("try again in 1.5 hours", 5400.0),
        ("Retry after 3 attempts.", None),
        ("Please try again later.", None),
        ("Limit 7000, Used 6148, Requested 7895.", None),
        ("Try again in 15 days", 1_296_000.0),
        ("retry in 24 hrs", 86_400.0),
        ("Retry after 1 hr 30 mins", 5400.0),
        ("try again in 2 d", 172_800.0),
        ("Try again in 10 business days", None),
        ("Try again in 12.5 weeks", None),
        ("Try again in 400 days", MAX_WAIT),
        ("Try again in 1,000 seconds", 1000.0),
        ("Try again in 1 000 seconds", None),
        ("Retry after 1,5 hours", None),
        (f"Try again in {'9' * 400} seconds", MAX_WAIT),
    ],
)
def test_a_wait_stated_in_text_is_read_in_seconds(text: str, seconds: float | None) -> None:
    """A number with no unit is seconds; days and hours are read in any of their
    spellings; a number is read whole, and one followed by another word is no wait; a
    wait past MAX_WAIT is MAX_WAIT."""
    assert wait_in_text(text) == (None if seconds is None else pytest.approx(seconds))


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("failed to get file contents: GET https://api.github.com/repos/x: 404 Not Found []", 404),
        ("failed to https://api.github.com/repos/x/y/contents\n422 Invalid request. []", 422),
        ("Request failed with status code 502", 502),
        ("HTTP 429", 429),
        ("HTTP/1.1 503 Service Unavailable", 503),
        ("Request failed (503 Service Unavailable)", 503),
        ("Error 404 Not Found", 404),
        ("upstream said 503 service unavailable", 503),
        ("Limit 6000, Used 500 tokens", None),
        ("took 500 ms", None),
        ("Internal error", None),
        ("Used 450 Tokens", None),
        ("Found 401 Users", None),
        ("You have 500 Credits left", None),
        ("We saw 500 Bad Requests today", None),
        ("status 503", 503),
        ("Payment declined: 500 Euros exceeds your daily limit", None),
        ("Transfer rejected (503 Pounds is over the daily limit)", None),
        ("Address not found: 429 Main Street", None),
        ("429 Main Street is not on our map", None),
        ("Shipping to:\n503 Oak Avenue failed", None),
        # Consul's client, Stainless-built SDKs, a status in a name, urllib3's cause, a
        # reason phrase after the last colon
        ("Unexpected response code: 403 (ACL not found)", 403),
        ("Error code: 429 - {'error': 'limit'}", 429),
        ("Error response_status_code 401", 401),
        ("Caused by ResponseError('too many 429 error responses')", 429),
        ("Lemon Squeezy API error: Unprocessable Entity", 422),
        ("Reason: Not what you think", None),
        ("(503)\nReason: Service Unavailable\nHTTP response body: b''", 503),  # OpenAPI Generator
        # an SMTP reply's code before its enhanced status code is no HTTP status (Proton
        # Mail Bridge's, proton-bridge test/features/bridge/smtp/init.feature)
        ("SMTP error: 451 4.0.0 backend: invalid return path: not owned by user", None),
        # requests' HTTPError, as raise_for_status() writes it
        ("403 Client Error: Forbidden for url: https://api.surveymonkey.com/v3/users/me", 403),
        ("503 Server Error: Service Unavailable for url: https://example.com/", 503),
        # aiohttp's ClientResponseError (Oura's client, hass-oura)
        (
            "Failed to get user info: 403, message='Forbidden', url='https://api.ouraring.com/v2'",
            403,
        ),
    ],
)
def test_a_status_stated_in_text_is_read(text: str, status: int | None) -> None:
    """A status marked as one, given right after the address asked, or anywhere before
    its own reason phrase; any other number followed by a word (an amount, a house
    number, a count) is none, after a colon or a parenthesis too."""
    assert status_in_text(text) == status


def test_a_request_that_never_left_may_be_retried_and_fetch_failed_alone_may_have_run() -> None:
    """A connection refused or a name not resolved is unavailable and retryable, even
    inside Node's "fetch failed"; "fetch failed" alone may have sent the request."""
    assert read_words("fetch failed: connect ECONNREFUSED ::1:4000") == (
        ErrorKind.UNAVAILABLE, True,
    )  # fmt: skip
    assert read_words("TypeError: fetch failed") == (ErrorKind.UNKNOWN_OUTCOME, None)


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("HTTP error 500: Internal Server Error", 500),
        ("HTTP Error 429: Too Many Requests", 429),
        ("Error 403", 403),
        ("error 404: no page there", 404),
        ("Request failed with status code 402", 402),
        ("Error 500 items were skipped", None),
        ("Error: 500 Euros exceeds your limit", None),
        ("Error 4031", None),
    ],
)
def test_an_error_number_is_a_status_when_nothing_says_otherwise(
    text: str, status: int | None
) -> None:
    """A status is stated by "HTTP error 500" and "Error 403", not by "Error 500 items"
    or "Error: 500 Euros"."""
    assert status_in_text(text) == status


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("rejected_execution_exception", ErrorKind.RATE_LIMITED),
        ("rejected execution of coordinating operation", ErrorKind.RATE_LIMITED),
        ("The transfer was rejected", ErrorKind.REFUSED),
        ("Rejected by the approver", ErrorKind.REFUSED),
        ("Request payload rejected", None),
        ("INSTRUMENT_DECLINED", ErrorKind.PAYMENT_REQUIRED),
        ("Your card was declined", ErrorKind.PAYMENT_REQUIRED),
        ("This request exceeds your plan's set usage limit", ErrorKind.PAYMENT_REQUIRED),
        ("Record is too big. Contact us if you need an extended quota", ErrorKind.TOO_LARGE),
        ("Too many requests: retry or contact support to extend your quota",
         ErrorKind.RATE_LIMITED),
        ("DEPLOYMENT_PAUSED", ErrorKind.PAUSED),
        ("Account suspended", ErrorKind.PAUSED),
        ("ITEM_LOGIN_REQUIRED", ErrorKind.UNAUTHENTICATED),
        ("otp_expired", ErrorKind.UNAUTHENTICATED),
        ("Incorrect API key provided", ErrorKind.UNAUTHENTICATED),
        ("Bad Credentials", ErrorKind.UNAUTHENTICATED),
        ("INSTITUTION_DOWN", ErrorKind.UNAVAILABLE),
        ("this institution is not currently responding", ErrorKind.UNAVAILABLE),
        ("Slow down", None),
        ("The container name is already in use", ErrorKind.CONFLICT),
        ("You are sending SMS faster than the account limit", ErrorKind.RATE_LIMITED),
    ],
)  # fmt: skip
def test_words_name_the_situation_not_a_lookalike(text: str, kind: ErrorKind | None) -> None:
    """A refusal needs someone who said no (a bare "rejected" is a full queue, or
    nothing); a bank's decline is billing; a quota named as the remedy is no quota; a
    pause, a sign-in and a service down have words of their own."""
    assert kind_of_words(text) is kind


def test_reason_phrases_are_statuses_names() -> None:
    """A text that is only an HTTP reason phrase names a status, whatever its case."""
    assert is_reason_phrase("Forbidden")
    assert is_reason_phrase(" not found ")
    assert not is_reason_phrase("Forbidden: the token lacks a scope")


@pytest.mark.parametrize(
    ("status", "written", "old"),
    [
        (413, "Content Too Large", "Request Entity Too Large"),
        (414, "URI Too Long", "Request-URI Too Long"),
        (416, "Range Not Satisfiable", "Requested Range Not Satisfiable"),
        (422, "Unprocessable Content", "Unprocessable Entity"),
    ],
)
def test_a_renamed_reason_phrase_is_read_by_both_names(status: int, written: str, old: str) -> None:
    """RFC 9110 renamed four of RFC 7231's phrases, and Python's `http.HTTPStatus` follows
    it from 3.13 on: both names are read and the new one is written, on every Python."""
    assert reason_phrase(status) == written
    assert status_of_phrase(written) == status_of_phrase(old.upper()) == status
    assert status_in_text(f"Error {status} {old}") == status_in_text(f"X failed: {old}") == status
    assert status_in_text(f"({status} {written})") == status


def test_a_status_with_no_phrase_has_none() -> None:
    """A number that is no HTTP error status has no reason phrase."""
    assert reason_phrase(200) is None
    assert reason_phrase(499) is None


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # mcp-server-git 2026.1.14, git checkout's own text for a file that is not there
        ("error: pathspec 'missing.txt' did not match any file(s) known to git",
         ErrorKind.NOT_FOUND),
        ('error: pathspec "missing.txt" did not match any file(s) known to git',
         ErrorKind.NOT_FOUND),
        ("Cannot stat `invalid-name`: nothing there", None),
        ("getaddrinfo ENOTFOUND api.invalid", ErrorKind.UNAVAILABLE),
        ("Failed to fetch https://example.invalid/missing", None),
        ("Could not open /srv/missing/denied.txt", None),
        ("Could not open C:\\missing\\x.txt", None),
        ("Access denied - path outside allowed directories: /etc/passwd not in /tmp",
         ErrorKind.PERMISSION_DENIED),
        ("The user’s file ‘invalid.csv’ is too large", ErrorKind.TOO_LARGE),
        ('Error: {"error": "rate_limited"}', ErrorKind.RATE_LIMITED),
        ("Don't retry: the user's token is invalid", ErrorKind.UNAUTHENTICATED),
    ],
)  # fmt: skip
def test_words_inside_names_say_nothing(text: str, kind: ErrorKind | None) -> None:
    """A failure's words are read outside the quoted names, paths, URLs and dotted file
    and host names in it: a file named missing.txt, or a host under .invalid, is no bad
    input; a JSON key and its value, and an apostrophe, quote nothing."""
    assert kind_of_words(text) is kind


def test_a_refusal_inside_a_name_is_none() -> None:
    """A name that holds a refusal's word ("declined.txt") is no refusal."""
    assert not names_refusal("Could not read 'declined.txt'")
    assert names_refusal("The transfer to 'savings' was declined")


def test_only_an_undone_statement_says_to_run_it_again() -> None:
    """A deadlock and a locked database invite the retry their kind's status would; a
    conflict in other words does not."""
    assert read_words("Deadlock found; try restarting transaction") == (ErrorKind.CONFLICT, True)
    assert read_words("database is locked") == (ErrorKind.UNAVAILABLE, True)
    assert read_words("already exists") == (ErrorKind.CONFLICT, False)
    assert undone("could not serialize access due to concurrent update")
    assert not undone("already exists")
    assert not undone("boom")


def test_an_object_still_being_changed_invites_a_retry() -> None:
    """Another request still changing the object refused this one, which may succeed
    later (Oracle Cloud's 409, TrueLayer's concurrent idempotency key); a name taken for
    good does not."""
    busy = "instance ocid1.x is currently being modified, try again later."
    assert read_words(busy) == (ErrorKind.CONFLICT, True)
    concurrent = "The Idempotency-Key value is being used for a concurrent request."
    assert read_words(concurrent) == (ErrorKind.CONFLICT, True)
    assert read_words("cannot re-use a name that is still in use") == (ErrorKind.CONFLICT, False)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # CKAN's 403, Algolia's 403, IBM Cloud's 400: a credential, whatever the status
        ("Access denied: Action package_search requires an authenticated user",
         ErrorKind.UNAUTHENTICATED),
        ("Invalid Application-ID or API key", ErrorKind.UNAUTHENTICATED),
        ("BX0415EWQA: Provided API key could not be found", ErrorKind.UNAUTHENTICATED),
        ("Invalid identifier or password", ErrorKind.UNAUTHENTICATED),  # Strapi's
        ("You are not authorized to create an API key in this resource group",
         ErrorKind.PERMISSION_DENIED),  # IBM Cloud's
        ("Too many simultaneous queries. Maximum: 200", ErrorKind.RATE_LIMITED),  # ClickHouse
        ("rate quota limit exceed: allowed 10 requests", ErrorKind.RATE_LIMITED),  # Yandex
        ("Account x is suspended, possibly due to reaching the monthly spending limit",
         ErrorKind.PAYMENT_REQUIRED),  # Fireworks'
        ("oci: circuit breaker is open, so this request was not sent", ErrorKind.UNAVAILABLE),
        ("bandwidth usage too high (peak hours). out of capacity", ErrorKind.UNAVAILABLE),
        ("upstream connect error or disconnect/reset before headers. reset reason: connection"
         " failure", ErrorKind.UNAVAILABLE),  # Envoy's: never reached the upstream
        ("upstream connect error or disconnect/reset before headers. reset reason: connection"
         " termination", ErrorKind.UNKNOWN_OUTCOME),  # the upstream hung up mid-request
        ("The request was canceled due to the configured timeout", ErrorKind.UNKNOWN_OUTCOME),
        ("Table posthog.x doesn't exist", ErrorKind.NOT_FOUND),  # ClickHouse's
        ("Instance[a44af098] could not be found.", ErrorKind.NOT_FOUND),  # Huawei Cloud's
        ("Email has already been taken", ErrorKind.CONFLICT),  # Rails' uniqueness check
        ("PRECONDITION_FAILED - inequivalent arg 'x-max-priority'", ErrorKind.CONFLICT),
        ("a message larger than the max message size the server will accept",
         ErrorKind.TOO_LARGE),  # Kafka's MESSAGE_TOO_LARGE
        ("the request exceeds the available context size", ErrorKind.TOO_LARGE),  # llama.cpp
    ],
)  # fmt: skip
def test_words_of_the_sixth_set_name_their_kind(text: str, kind: ErrorKind) -> None:
    """Words from real payloads of systems no source names, each labelled from its
    vendor's documentation."""
    said = read_words(text)
    assert said is not None and said[0] is kind


@pytest.mark.parametrize(
    ("text", "reads"),
    [
        ("No API key found", (ErrorKind.UNAUTHENTICATED, False)),  # Helicone's
        ("Invalid public key. Confirm that you've configured the correct host.",
         (ErrorKind.UNAUTHENTICATED, False)),  # Langfuse's
        ("Invalid JWT token", (ErrorKind.UNAUTHENTICATED, False)),  # Portainer's
        ("bedrock error: The security token included in the request is invalid.",
         (ErrorKind.UNAUTHENTICATED, False)),  # AWS's, passed on by Portkey
        ("You have reached your secondly limit.", (ErrorKind.RATE_LIMITED, True)),  # HubSpot
        ("Exceeded 4 calls per second for api client.", (ErrorKind.RATE_LIMITED, True)),
        ("Active subscription needed.", (ErrorKind.PAYMENT_REQUIRED, False)),  # Intercom's
        ("Please upgrade your Calendly account to Enterprise.",
         (ErrorKind.PAYMENT_REQUIRED, False)),
        ("Client network socket disconnected before secure TLS connection was established",
         (ErrorKind.UNAVAILABLE, True)),  # Node's: nothing was sent
        ("sorry, too many clients already", (ErrorKind.UNAVAILABLE, True)),  # PostgreSQL
        ("NoBrokersAvailable: no brokers available", (ErrorKind.UNAVAILABLE, True)),
        ("connection was closed in the middle of operation",
         (ErrorKind.UNKNOWN_OUTCOME, None)),  # asyncpg's
        ('Get "https://api.doppler.com/v3/configs": EOF', (ErrorKind.UNKNOWN_OUTCOME, None)),
        ("Transaction has been aborted. Please retry", (ErrorKind.CONFLICT, True)),  # Dgraph
        ("Table `test.pwdless` is ambiguous; there are multiple tables with that name",
         (ErrorKind.AMBIGUOUS, False)),  # RethinkDB's
        ("Name 'Document' already used as a name for an Object class",
         (ErrorKind.CONFLICT, False)),  # Weaviate's
        ("Image provided but current GGUF model does not support vision.",
         (ErrorKind.UNSUPPORTED, False)),
        ("BFL API Message: Request Moderated", (ErrorKind.REFUSED, False)),
        ("too many tokens: total number of tokens (prompt and prediction) cannot exceed 2048",
         (ErrorKind.TOO_LARGE, False)),  # Cohere's
        ("Too many tokens, please wait before trying again.", None),  # a rate, said by a 429
        ("ERROR: result is ambiguous (SQLSTATE 40003)", None),  # CockroachDB's: may have run
        ("SyntaxError: unexpected EOF while parsing", (ErrorKind.INVALID_INPUT, False)),  # code
        # the tenth set's
        ("Insufficient funds", (ErrorKind.PAYMENT_REQUIRED, False)),  # HitBTC's, bitFlyer's
        ("Low available balance", (ErrorKind.PAYMENT_REQUIRED, False)),  # Poloniex's
        ("You have exceeded the maximum number of requests for the free trial.",
         (ErrorKind.PAYMENT_REQUIRED, False)),  # Continue's, sent with a 429
        ("You must subscribe to a plan in order to use models provided by Zed.",
         (ErrorKind.PAYMENT_REQUIRED, False)),
        ("Rate limit exceeded. Subscribe to a paid plan to increase your usage limits",
         (ErrorKind.RATE_LIMITED, True)),  # IPinfo's: the plan is a remedy, not the cause
        ("No connected account found for this user and toolkit",
         (ErrorKind.NOT_CONNECTED, False)),  # Composio's
        ("Error: No connection to browser extension. You must first connect a tab",
         (ErrorKind.NOT_CONNECTED, False)),  # Browser MCP's
        ("Developer Over Qps", (ErrorKind.RATE_LIMITED, True)),  # TomTom's
        ("Context length exceeds limits even after multiple attempts to truncate.",
         (ErrorKind.TOO_LARGE, False)),  # Goose's
        ("Connection Refused: not authorised.", (ErrorKind.UNAUTHENTICATED, False)),  # MQTT
        ("Command contains blocked operators for this shell", (ErrorKind.PERMISSION_DENIED,
                                                               False)),
        ("Unexpected end of file from server", (ErrorKind.UNKNOWN_OUTCOME, None)),
    ],
)  # fmt: skip
def test_words_of_the_ninth_set_name_their_kind(
    text: str, reads: tuple[ErrorKind, bool | None] | None
) -> None:
    """Words from real payloads of systems no source names (the ninth set), labelled from
    each vendor's documentation, with the retry advice they give."""
    assert read_words(text) == reads


def test_a_camel_case_name_s_capitals_are_a_word_of_their_own() -> None:
    """ "InvalidServerAPIKey" (Postal's code) says "invalid server API key", a credential;
    "HTTPClientError" is "HTTP Client Error"."""
    assert camel_words("InvalidServerAPIKey") == "Invalid Server API Key"
    assert camel_words("HTTPClientError") == "HTTP Client Error"
    assert kind_of_words("InvalidServerAPIKey") is ErrorKind.UNAUTHENTICATED


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # an expired token is no conflict; a state locked by another client is Terraform's
        # lock, a conflict a retry may clear; "failed too many times" is no caller's rate
        ("Token has already expired", None),
        ("it may not exist", None),  # Keystone's "Access denied: ... - it may not exist"
        ("The application has reached its rate limit", ErrorKind.RATE_LIMITED),
        ("the state is already locked by another terraform client", ErrorKind.CONFLICT),
        ("the Identity service failed too many times recently; the circuit breaker is open",
         ErrorKind.UNAVAILABLE),
    ],
)  # fmt: skip
def test_already_and_too_many_stop_where_they_say_something_else(
    text: str, kind: ErrorKind | None
) -> None:
    assert kind_of_words(text) is kind


def test_work_still_in_progress_may_be_retried() -> None:
    """Checkly's and lmdeploy's 409s: the work in the way ends by itself."""
    assert read_words("A deployment for this project is already in progress.") == (
        ErrorKind.CONFLICT,
        True,
    )
    assert read_words("File is still processing") == (ErrorKind.CONFLICT, True)
