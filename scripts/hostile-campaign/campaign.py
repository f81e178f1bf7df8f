"""The hostile-input campaign of scripts/hostile: Hypothesis draws requests against a running
exposure-mock and checks every answer. Usage: campaign.py BASE_URL SECONDS SEED."""

import http.client
import json
import sys
import time
import urllib.parse

from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

BASE = urllib.parse.urlparse(sys.argv[1])
BUDGET_SECONDS = float(sys.argv[2])
SEED = int(sys.argv[3])
TIMEOUT_SECONDS = 10
API = "/{version}/customer/Sandbox/businessunit/Dev"

counts = {"requests": 0, "crashes": 0, "unanswered": 0, "statuses": {}}


class Unanswered(Exception):
    """No complete answer within the timeout."""


def send(method, target, headers, body):
    """One request on a fresh connection; the status, headers and complete body."""
    connection = http.client.HTTPConnection(BASE.hostname, BASE.port, timeout=TIMEOUT_SECONDS)
    counts["requests"] += 1
    try:
        connection.putrequest(method, target, skip_accept_encoding=True)
        for name, value in headers:
            connection.putheader(name, value)
        if body is not None:
            connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body)
        response = connection.getresponse()
        data = response.read()
        counts["statuses"][response.status] = counts["statuses"].get(response.status, 0) + 1
        return response.status, dict((k.lower(), v) for k, v in response.getheaders()), data
    except ConnectionRefusedError:
        counts["crashes"] += 1
        raise
    except (TimeoutError, http.client.IncompleteRead, http.client.RemoteDisconnected, ConnectionResetError) as error:
        counts["unanswered"] += 1
        raise Unanswered(f"{method} {target}: {type(error).__name__}") from error
    finally:
        connection.close()


def check(method, target, headers, body):
    status, response_headers, data = send(method, target, headers, body)
    described = f"{method} {target[:300]} headers={headers!r:.300} body={body!r:.300}"
    assert status < 500, f"{status} for {described}: {data[:300]!r}"
    assert 200 <= status < 300 or 400 <= status < 500, f"unexpected {status} for {described}"
    if status >= 400 and method != "HEAD":
        try:
            error = json.loads(data)
        except ValueError:
            raise AssertionError(f"{status} without a JSON body for {described}: {data[:300]!r}")
        assert isinstance(error, dict) and error.get("httpCode") == status, f"not the Exposure error body: {data[:300]!r}"
        assert isinstance(error.get("message"), str), f"no message: {data[:300]!r}"


def login():
    status, _, data = send("POST", API.format(version="v3") + "/auth/login", [("Content-Type", "application/json")],
                           b'{"username":"premium","password":"sandbox"}')
    assert status == 200, data
    return json.loads(data)["sessionToken"]


TOKEN = login()


def play_session():
    status, _, data = send("GET", API.format(version="v2") + "/entitlement/arctic-journey/play", [("Authorization", "Bearer " + TOKEN)], None)
    assert status == 200, data
    return json.loads(data)["playSessionId"]


PLAY_SESSION = play_session()

# Values that once trapped the mock or sit at the edges of every range, and the odd text.
EXTREME_INTEGERS = [0, -1, 1, 2**31 - 1, -(2**31), 2**53, 2**63 - 1, -(2**63), 2**64, 9223372036768375808,
                    9223372036854776, 253402300799999, 253402300800000, -62135596800000]
integers = st.one_of(st.sampled_from(EXTREME_INTEGERS), st.integers(min_value=-(2**70), max_value=2**70))
texts = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["", "0000-01-01", "9999-12-31", "1969-12-31T23:59:59.999Z", "../..", "%00", "%2C", "%", "a,b,,c",
                     "news-24_000001010000", "news-24_999912312330", "true", "null", "NaN", "1e300", "-0", "\u0000", "ÿ"]),
    integers.map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
)
# Path parameters: mostly ids the fixtures know, so requests get past the lookups to the arithmetic.
KNOWN_IDS = ["news-24", "sport-max", "arctic-journey", "summer-concert", "nordic-noir", "default", "TRAILER", "180p", "master",
             "2030-01-01", "news-24_203001011030", "160", "0", "impression", "1796040000", PLAY_SESSION]
segments = st.one_of(st.sampled_from(KNOWN_IDS), st.sampled_from(KNOWN_IDS), texts).map(lambda text: urllib.parse.quote(text, safe=""))

# (method, path template): each path is mostly asked with its own method.
ROUTES = [
    ("GET", "/v1/time"),
    ("GET", "/{v}/content/asset"),
    ("GET", "/{v}/content/asset/{a}"),
    ("GET", "/{v}/epg/{a}"),
    ("GET", "/{v}/epg/{a}/date/{b}"),
    ("GET", "/{v}/epg/date/{b}"),
    ("GET", "/{v}/epg/{a}/onnow"),
    ("GET", "/{v}/epg/{a}/program/{b}"),
    ("GET", "/{v}/epg/{a}/program/{b}/next"),
    ("GET", "/{v}/epg/program/{b}/previous"),
    ("GET", "/{v}/entitlement/{a}/play"),
    ("GET", "/{v}/entitlement/{a}/entitle"),
    ("GET", "/{v}/entitlement/{a}/downloadinfo"),
    ("GET", "/{v}/entitlement/{a}/download"),
    ("GET", "/{v}/entitlement/downloads"),
    ("GET", "/{v}/auth/session"),
    ("POST", "/{v}/auth/login"),
    ("POST", "/{v}/auth/anonymous"),
    ("POST", "/{v}/eventsink/send"),
    ("POST", "/{v}/eventsink/init"),
    ("GET", "/{v}/userplayhistory/lastviewedoffset"),
    ("GET", "/streams/vod/{a}/{b}/master.m3u8"),
    ("GET", "/streams/live/{a}/video/{b}.m3u8"),
    ("GET", "/streams/catchup/news-24/{a}/video/180p.m3u8"),
    ("GET", "/streams/catchup/{a}/{b}/master.m3u8"),
    ("GET", "/streams/event/summer-concert/{a}/master.m3u8"),
    ("GET", "/streams/event/{a}/{b}/master.m3u8"),
    ("GET", "/sprites/{a}/{b}/thumbnails.vtt"),
    # A segment placed on its channel's timeline by its seq: an extreme one once trapped the mock.
    ("GET", "/media/reel/video/{rendition}/seg-008.ts?asset={channel}&seq={n}"),
    ("GET", "/ads/beacon/{a}/{b}/{a}"),
    ("POST", "/eventsink/send"),
    ("POST", "/eventsink/init"),
    ("PUT", "/_mock/clock"),
    ("GET", "/_mock/clock"),
    ("GET", "/_mock/requests"),
    ("GET", "/_mock/analytics"),
    ("GET", "/_mock/analytics/sessions"),
    ("GET", "/_mock/analytics/sessions/{a}"),
    ("GET", "/_mock/playsessions"),
    ("GET", "/_mock/downloads"),
    ("GET", "/_mock/beacons"),
    ("GET", "/_mock/health"),
    ("GET", "/{a}"),
]
QUERY_NAMES = ["from", "to", "daysBackward", "daysForward", "pageNumber", "pageSize", "onlyPublished", "fieldSet", "sort",
               "assetType", "query", "materialProfile", "supportedFormats", "_HLS_skip", "limit", "since", "sessionId", "x"]
HEADER_NAMES = ["Authorization", "Range", "X-Mock-Country", "Origin", "Accept", "Content-Type", "X-Request-Id", "If-None-Match"]


@st.composite
def targets(draw):
    method, template = draw(st.sampled_from(ROUTES))
    path = template.format(
        v=draw(st.sampled_from(["v1", "v2", "v3", "v9"])), a=draw(segments), b=draw(segments), n=draw(integers),
        channel=draw(st.one_of(st.sampled_from(["news-24", "sport-max", "arctic-journey"]), segments)),
        rendition=draw(st.one_of(st.sampled_from(["180p", "360p"]), segments)))
    if template.startswith("/{v}/") or template.startswith("/v1/"):
        version, rest = path[1:].split("/", 1)
        path = API.format(version=version) + "/" + rest
    pairs = draw(st.lists(st.tuples(st.sampled_from(QUERY_NAMES), texts), max_size=6))
    query = urllib.parse.urlencode(pairs)
    method = draw(st.one_of(st.just(method), st.just(method), st.just(method),
                            st.sampled_from(["GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH", "BREW"])))
    return method, path + (("&" if "?" in path else "?") + query if query else "")


event = st.fixed_dictionaries(
    {"EventType": st.sampled_from(["Playback.Created", "Playback.Started", "Playback.Heartbeat", "Playback.Completed", ""]),
     "Timestamp": integers},
    optional={"OffsetTime": integers, "SequenceNumber": integers, "Message": st.text(max_size=20)})
batch = st.fixed_dictionaries(
    {"Customer": st.sampled_from(["Sandbox", "x"]), "BusinessUnit": st.sampled_from(["Dev", "x"]),
     "SessionId": st.sampled_from([PLAY_SESSION, PLAY_SESSION, "made-up", ""]), "DispatchTime": integers, "Payload": st.lists(event, max_size=4)},
    optional={"ClockOffset": integers})
clock = st.fixed_dictionaries({}, optional={"offsetMs": integers, "now": texts, "rate": st.one_of(st.floats(), integers)})
login_body = st.fixed_dictionaries({"username": texts, "password": texts}, optional={"rememberMe": st.booleans()})
json_value = st.recursive(st.one_of(st.none(), st.booleans(), integers, st.floats(), st.text(max_size=10)),
                          lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=5), inner, max_size=3)),
                          max_leaves=8)
bodies = st.one_of(
    st.none(),
    st.binary(max_size=64),
    st.one_of(batch, clock, login_body, json_value).map(lambda value: json.dumps(value).encode()),
)
header_values = st.one_of(
    texts.map(lambda text: text.encode("latin-1", "replace").decode("latin-1").replace("\r", "").replace("\n", "")),
    st.sampled_from(["Bearer " + TOKEN, "Bearer", "Bearer x.y.z", "bytes=0-", "bytes=-0", "bytes=9223372036854775807-", "bytes=5-1"]),
)
requests = st.tuples(
    targets(),
    st.lists(st.tuples(st.sampled_from(HEADER_NAMES), header_values), max_size=4),
    bodies,
)


def campaign_round(round_seed, examples):
    """One Hypothesis run of `examples` requests; raises the smallest failure it finds."""

    @seed(round_seed)
    @settings(max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(requests)
    def every_answer_is_complete_and_in_the_exposure_format(request):
        (method, target), headers, body = request
        if not any(name == "Authorization" for name, _ in headers):
            headers = headers + [("Authorization", "Bearer " + TOKEN)]
        try:
            check(method, target, headers, body)
        finally:
            if target.startswith("/_mock/clock") and method == "PUT":
                # A clock moved for good would expire the campaign's token: put it back.
                send("PUT", "/_mock/clock", [("Content-Type", "application/json")], b'{"offsetMs":0,"rate":1}')

    every_answer_is_complete_and_in_the_exposure_format()


deadline = time.monotonic() + BUDGET_SECONDS
failed = None
round_number = 0
while failed is None and time.monotonic() < deadline:
    try:
        campaign_round(SEED * 1_000_003 + round_number, examples=200)
    except Exception as error:  # Hypothesis re-raises the shrunk failure.
        failed = error
    round_number += 1
print(f"hostile campaign: {counts['requests']} requests in {round_number} rounds, {counts['crashes']} crashes, "
      f"{counts['unanswered']} unanswered; statuses {dict(sorted(counts['statuses'].items()))}")
if failed is not None:
    print(f"FAIL: {type(failed).__name__}: {failed}", file=sys.stderr)
    sys.exit(1)
