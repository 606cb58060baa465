"""Loopback HTTP calls and percentiles shared by the benchmarks (standard library only)."""
import http.client, json, time


def call(port, method, path, body=None, headers=None, timeout=60):
    """One request on a fresh connection: (status, body bytes, seconds, headers).
    A dict or list body goes as JSON; headers come back by lower-case name."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    h = dict(headers or {})
    data = body
    if isinstance(body, (dict, list)):
        data = json.dumps(body).encode()
        h["content-type"] = "application/json"
    start = time.perf_counter()
    conn.request(method, path, body=data, headers=h)
    res = conn.getresponse()
    payload = res.read()
    elapsed = time.perf_counter() - start
    headers = {name.lower(): value for name, value in res.getheaders()}
    conn.close()
    return res.status, payload, elapsed, headers


def pct(values, p):
    """The p-th percentile (nearest rank) of values."""
    values = sorted(values)
    return values[max(0, min(len(values) - 1, int(round(p / 100 * len(values) + 0.5)) - 1))]
