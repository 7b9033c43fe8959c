-- POST a body whose first line differs on every request (thread number and a counter), so every
-- upload is new content: hashed, compressed and stored as a blob of its own, as in real use.
-- BENCH_BODY_FILE: the body (plain text); BENCH_CONTENT_TYPE.
dofile(os.getenv("BENCH_WRK_DIR") .. "/report.lua")

local file = assert(io.open(os.getenv("BENCH_BODY_FILE"), "rb"))
local body = file:read("*a")
file:close()
local content_type = os.getenv("BENCH_CONTENT_TYPE") or "text/plain"

local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("thread_number", threads)
end

local counter = 0
function request()
  counter = counter + 1
  local first = string.format("[00:00:00] [main/INFO]: bench upload %d-%d-%d\n", thread_number or 0, counter, os.time())
  return wrk.format("POST", nil, { ["Content-Type"] = content_type }, first .. body)
end
