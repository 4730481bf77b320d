-- Request mix for soak.sh, per wrk thread: 50% cache hits (16 fixed images), 20% unique 256×256 misses,
-- 20% conditional requests answered 304, 10% bad queries answered 400. Every response status is counted;
-- anything but 200, 304 and 400 counts as unexpected. done() prints one line soak.sh parses.

local threads = {}

function setup(thread)
    thread:set("id", #threads)
    table.insert(threads, thread)
end

local hits = {}
local bad = {
    "/gradient?colors=red,blue&width=abc",
    "/gradient?colors=red,blue&bogus=1",
    "/gradient?colors=notacolour,blue",
    "/gradient?colors=red,blue&width=9000",
    "/gradient?colors=red,blue&dir=sideways",
}

function init(args)
    for index = 1, 16 do
        hits[index] = string.format("/gradient?colors=%%23%06x,%%23feb47b&dir=horizontal&width=256&height=256",
            index * 4099)
    end
    counter = 0
    c200, c304, c400, cother = 0, 0, 0, 0
end

function request()
    counter = counter + 1
    local slot = counter % 10
    if slot < 5 then
        return wrk.format("GET", hits[counter % #hits + 1])
    elseif slot < 7 then
        local path = string.format("/gradient?colors=%%23%02x0000,%%23%06x&width=256&height=256", id,
            counter % 16777216)
        return wrk.format("GET", path)
    elseif slot < 9 then
        return wrk.format("GET", hits[counter % #hits + 1], { ["If-None-Match"] = "*" })
    end
    return wrk.format("GET", bad[counter % #bad + 1])
end

function response(status, headers, body)
    if status == 200 then
        c200 = c200 + 1
    elseif status == 304 then
        c304 = c304 + 1
    elseif status == 400 then
        c400 = c400 + 1
    else
        cother = cother + 1
    end
end

function done(summary, latency, requests)
    local s200, s304, s400, sother = 0, 0, 0, 0
    for _, thread in ipairs(threads) do
        s200 = s200 + thread:get("c200")
        s304 = s304 + thread:get("c304")
        s400 = s400 + thread:get("c400")
        sother = sother + thread:get("cother")
    end
    local errors = summary.errors
    io.write(string.format(
        "soak-result requests=%d seconds=%.1f s200=%d s304=%d s400=%d other=%d connect=%d read=%d write=%d " ..
        "timeout=%d p50_ms=%.2f p99_ms=%.2f max_ms=%.2f\n",
        summary.requests, summary.duration / 1e6, s200, s304, s400, sother, errors.connect, errors.read,
        errors.write, errors.timeout, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
        latency.max / 1000))
end
