-- Headless Neovim as an offsetlint server client: opens the fixture, starts the server with
-- Neovim's built-in LSP client (0.7 and later), waits for its diagnostics, checks them, the
-- hover and the code actions, then clears the finding by editing the buffer. Prints what it
-- saw; exits 0 when every check passed. Run by scripts/test_lsp_nvim.sh.
local server = os.getenv("OFFSETLINT")
local file = os.getenv("FIXTURE")
local failures = 0

local function say(text)
  io.stdout:write(text .. "\n")
end

local function check(ok, what)
  if ok then
    say("ok: " .. what)
  else
    failures = failures + 1
    say("FAILED: " .. what)
  end
end

vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({
  name = "offsetlint",
  cmd = { server, "server" },
  root_dir = vim.fn.fnamemodify(file, ":h"),
})
check(client_id ~= nil, "the client started the server")
vim.lsp.buf_attach_client(buf, client_id)

local got = vim.wait(60000, function()
  return #vim.diagnostic.get(buf) > 0
end, 50)
check(got, "diagnostics arrived")
local diagnostics = vim.diagnostic.get(buf)
for _, d in ipairs(diagnostics) do
  say(string.format("diagnostic: %s:%d:%d %s [%s] %s", vim.fn.fnamemodify(file, ":t"),
    d.lnum + 1, d.col + 1, d.source or "?", tostring(d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)),
    (d.message:gsub("\n.*", ""))))
end
local first = diagnostics[1] or {}
local code = first.code or (first.user_data and first.user_data.lsp and first.user_data.lsp.code)
check(#diagnostics == 1, "one diagnostic")
check(code == "OL101", "its code is OL101")
check(first.lnum == 10 and first.col == 8, "at line 11, column 9")
check(first.severity == vim.diagnostic.severity.ERROR, "at error level")

local position = { textDocument = vim.lsp.util.make_text_document_params(buf), position = { line = 10, character = 12 } }
local hover = vim.lsp.buf_request_sync(buf, "textDocument/hover", position, 20000) or {}
local value = ""
for _, response in pairs(hover) do
  if response.result then
    value = response.result.contents.value
  end
end
check(value:find("bare%-commit") ~= nil, "hover shows the rule's document")

local range = { start = { line = 10, character = 12 }, ["end"] = { line = 10, character = 12 } }
local actions = vim.lsp.buf_request_sync(buf, "textDocument/codeAction", {
  textDocument = vim.lsp.util.make_text_document_params(buf),
  range = range,
  context = { diagnostics = {} },
}, 20000) or {}
local suppress
for _, response in pairs(actions) do
  for _, action in ipairs(response.result or {}) do
    say("code action: " .. action.title)
    if action.title:find("^Suppress") then
      suppress = action
    end
  end
end
check(suppress ~= nil, "a suppression is offered")
if suppress then
  -- Applied as the editor applies it; the new text is sent to the server, which clears
  -- the finding.
  vim.lsp.util.apply_workspace_edit(suppress.edit, "utf-16")
  say("line 11 now: " .. vim.api.nvim_buf_get_lines(buf, 10, 11, false)[1])
  local cleared = vim.wait(60000, function()
    return #vim.diagnostic.get(buf) == 0
  end, 50)
  check(cleared, "the suppressed finding is cleared")
end

vim.lsp.stop_client(client_id)
say(string.format("lsp-nvim: %d failed", failures))
vim.cmd(failures == 0 and "qa!" or "cquit! 1")
