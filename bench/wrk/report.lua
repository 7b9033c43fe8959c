-- Shared by the bench scripts: at the end of a run, one JSON line the runner parses
-- (wrk's own text report stays human-only). Latencies are in microseconds.
function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    'BENCH_RESULT {"requests":%d,"duration_us":%d,"bytes":%d,"p50_us":%d,"p99_us":%d,"max_us":%d,' ..
    '"connect_errors":%d,"read_errors":%d,"write_errors":%d,"timeouts":%d,"non_2xx":%d}\n',
    summary.requests, summary.duration, summary.bytes,
    latency:percentile(50), latency:percentile(99), latency.max,
    errors.connect, errors.read, errors.write, errors.timeout, errors.status))
end
