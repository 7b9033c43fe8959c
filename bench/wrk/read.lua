-- GET {BENCH_PATH_PREFIX}{id}, rotating over the ids in BENCH_IDS_FILE (one a line), each thread
-- starting at a different place.
-- Sends Accept-Encoding: br, gzip like a browser or the mclo.gs clients, unless
-- BENCH_ACCEPT_ENCODING says otherwise ("none": no header, as Java's HttpClient and curl send;
-- "gzip, deflate": Python's requests).
dofile(os.getenv("BENCH_WRK_DIR") .. "/report.lua")

local prefix = os.getenv("BENCH_PATH_PREFIX")
local ids = {}
for id in io.lines(os.getenv("BENCH_IDS_FILE")) do
  if id ~= "" then ids[#ids + 1] = id end
end
local acceptEncoding = os.getenv("BENCH_ACCEPT_ENCODING") or "br, gzip"
if acceptEncoding ~= "none" then wrk.headers["Accept-Encoding"] = acceptEncoding end

local threads = 0
function setup(thread)
  thread:set("offset", threads * 7919)
  threads = threads + 1
end

local counter = 0
function init(args)
  counter = offset or 0
end

function request()
  counter = counter + 1
  return wrk.format(nil, prefix .. ids[(counter % #ids) + 1])
end
