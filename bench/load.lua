-- wrk script for `make bench`: every request is a fresh, valid message.
-- Arguments (after `--`): mode api_key run_number [transfer_id_file]
--   mode: pacs008 (W1), pacs028 (W2), mix (W3: one pacs.008 for every five pacs.028), floor,
--         batch (W6: batch-status with 100 transfer IDs, a run of consecutive ones from a random start)
-- MsgId = 10-digit unix seconds + 10 uppercase hex: 2 for the run, 2 for the wrk thread, 6 for a
-- per-thread counter, so no two requests of one bench run (or of 256 consecutive runs) collide.

local PAYEE = "GADMQUMF5SMLUNG432CAYZMXBJFXDK6ERLMDE46IRYU34LXWDJZSJ6HY"
local next_thread = 0

function setup(thread)
  thread:set("thread_number", next_thread)
  next_thread = next_thread + 1
end

local mode, run, counter, ids, api_key = "pacs008", 0, 0, {}, ""

function init(args)
  mode = args[1]
  wrk.headers["NET-API-KEY"] = args[2]
  api_key = args[2]
  wrk.headers["Content-Type"] = "application/xml"
  run = tonumber(args[3]) % 256
  if args[4] and #args[4] > 0 then
    for line in io.lines(args[4]) do
      if #line > 0 then ids[#ids + 1] = line end
    end
  end
  math.randomseed(os.time() + thread_number * 7919)
end

local function message_id()
  counter = counter + 1
  return string.format("%010d%02X%02X%06X", os.time(), run, thread_number % 256, counter % 16777216)
end

local function pacs008()
  local n = counter
  return wrk.format("POST", "/v1/pacs008/net", nil,
    '<?xml version="1.0" encoding="UTF-8"?>'
    .. '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.008.001.13"><FIToFICstmrCdtTrf>'
    .. "<GrpHdr><MsgId>" .. message_id() .. "</MsgId><NbOfTxs>1</NbOfTxs></GrpHdr>"
    .. "<CdtTrfTxInf><PmtId><InstrId>INSTR-" .. n .. "</InstrId><EndToEndId>E2E-BENCH-" .. n .. "</EndToEndId></PmtId>"
    .. '<IntrBkSttlmAmt Ccy="USD">125.50</IntrBkSttlmAmt>'
    .. "<DbtrAcct><Id><Othr><Id>ACC-000123456</Id></Othr></Id></DbtrAcct>"
    .. "<CdtrAcct><Id><Othr><Id>" .. PAYEE .. "</Id></Othr></Id><Nm>Bench</Nm></CdtrAcct>"
    .. "</CdtTrfTxInf></FIToFICstmrCdtTrf></Document>")
end

local function pacs028()
  local id = ids[math.random(#ids)]
  return wrk.format("POST", "/v1/pacs028/net", nil,
    '<?xml version="1.0" encoding="UTF-8"?>'
    .. '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.028.001.06"><FIToFIPmtStsReq>'
    .. "<GrpHdr><MsgId>" .. message_id() .. "</MsgId></GrpHdr>"
    .. "<TxInf><OrgnlInstrId>" .. id .. "</OrgnlInstrId></TxInf>"
    .. "</FIToFIPmtStsReq></Document>")
end

local function batch()
  local parts, start = {}, math.random(#ids)
  for i = 0, 99 do
    parts[#parts + 1] = '"' .. ids[(start + i - 1) % #ids + 1] .. '"'
  end
  return wrk.format("POST", "/v1/transfers/batch-status",
    { ["NET-API-KEY"] = api_key, ["Content-Type"] = "application/json" },
    '{"transfer_ids": [' .. table.concat(parts, ",") .. "]}")
end

function request()
  if mode == "batch" then
    return batch()
  elseif mode == "pacs028" then
    return pacs028()
  elseif mode == "mix" then
    if counter % 6 == 0 then return pacs008() end
    return pacs028()
  end
  return pacs008() -- pacs008 and floor send the same body
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH_RESULT {"requests": %d, "duration_us": %d, "bytes": %d, "errors_connect": %d, "errors_read": %d, '
    .. '"errors_write": %d, "errors_status": %d, "errors_timeout": %d, "p50_us": %d, "p90_us": %d, '
    .. '"p99_us": %d, "max_us": %d, "mean_us": %.1f}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean))
end
