-- POST the same body on every request: the upload and analyse scenarios.
-- BENCH_BODY_FILE: the body; BENCH_CONTENT_TYPE; BENCH_CONTENT_ENCODING (optional, e.g. br).
dofile(os.getenv("BENCH_WRK_DIR") .. "/report.lua")

local file = assert(io.open(os.getenv("BENCH_BODY_FILE"), "rb"))
wrk.method = "POST"
wrk.body = file:read("*a")
file:close()
wrk.headers["Content-Type"] = os.getenv("BENCH_CONTENT_TYPE") or "text/plain"
local encoding = os.getenv("BENCH_CONTENT_ENCODING")
if encoding and encoding ~= "" then wrk.headers["Content-Encoding"] = encoding end
