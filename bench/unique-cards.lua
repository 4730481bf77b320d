-- wrk script for misses at scale: every request asks for a 1200×630 135° social card no earlier request asked for,
-- with the API's default dither. The first colour is the request counter scrambled by an odd multiplier (a
-- permutation of 24-bit values, so it never repeats within 16 M requests); the second carries the thread id and
-- a per-run SALT (env), so threads and runs never repeat each other's queries either. FORMAT (env), when set, adds
-- format=FORMAT (svg: the same cards as vector documents).
local next_id = 0

function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
end

function init(args)
  counter = 0
  salt = tonumber(os.getenv("SALT") or "0") % 256
  format = os.getenv("FORMAT") and ("&format=" .. os.getenv("FORMAT")) or ""
end

function request()
  counter = counter + 1
  local first = string.format("%06x", (counter * 2654435761) % 16777216)
  local second = string.format("%02x%02x%02x", (id * 97 + 31) % 256, salt, math.floor(counter / 16777216) % 256)
  return wrk.format("GET", "/gradient?colors=" .. first .. "," .. second .. "&angle=135&width=1200&height=630" .. format)
end
