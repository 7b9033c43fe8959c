-- POST a body that differs on every request: BENCH_BODY_FILE with a first line of its own
-- (thread and counter), so no upload is deduplicated and every one stores a new blob.
-- BENCH_CONTENT_TYPE (text/plain). No Content-Encoding: the body is built here as text.
dofile(os.getenv("BENCH_WRK_DIR") .. "/report.lua")

local file = assert(io.open(os.getenv("BENCH_BODY_FILE"), "rb"))
local body = file:read("*a")
file:close()
local contentType = os.getenv("BENCH_CONTENT_TYPE") or "text/plain"

local threads = 0
function setup(thread)
  thread:set("thread_id", threads)
  threads = threads + 1
end

local counter = 0
local salt = 0
function init(args)
  -- Distinct across runs too (warm-up, rounds): the clock and the thread make the prefix.
  salt = string.format("%d-%d", os.time(), thread_id or 0)
end

function request()
  counter = counter + 1
  local first = "[00:00:00] [main/INFO]: upload " .. salt .. "-" .. counter .. "\n"
  return wrk.format("POST", nil, { ["Content-Type"] = contentType }, first .. body)
end
