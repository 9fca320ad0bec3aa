-- Neovim's built-in LSP client against lnr-rewrite --lsp (run by
-- neovim_test.py: nvim --headless --clean -c 'luafile neovim_test.lua').
-- Opens the kernel, changes the buffer without saving, waits for the
-- diagnostics, asks for the code actions at a line inside the nest,
-- applies the fusion and compares the buffer with the command line's
-- rewrite of the same text. Exit status 0 when everything holds.
local tool = os.getenv("LNR_TOOL")
local kernel = os.getenv("LNR_KERNEL")
local expected_path = os.getenv("LNR_EXPECTED")

local function check(condition, what)
  io.stdout:write((condition and "ok: " or "FAIL: ") .. what .. "\n")
  if not condition then
    error(what, 0)
  end
end

local function run()
  vim.cmd("edit " .. vim.fn.fnameescape(kernel))
  local buf = vim.api.nvim_get_current_buf()
  -- Unsaved: two comment lines the file on disk does not have.
  vim.api.nvim_buf_set_lines(buf, 0, 0, false, { "// unsaved", "// lines" })

  local id = vim.lsp.start_client({
    name = "lnr-rewrite",
    cmd = { tool, "--lsp" },
    cmd_env = { LNR_LSP_DEBOUNCE_MS = "50" },
    root_dir = vim.fn.fnamemodify(kernel, ":h"),
  })
  check(id ~= nil, "the client started the server")
  vim.lsp.buf_attach_client(buf, id)

  check(vim.wait(60000, function()
    return #vim.diagnostic.get(buf) > 0
  end, 50), "diagnostics arrived")
  local diags = vim.diagnostic.get(buf)
  local fused
  for _, d in ipairs(diags) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    if code == "lnr-fuse" then
      fused = d
    end
  end
  check(fused ~= nil, "an lnr-fuse diagnostic")
  check(fused.severity == vim.diagnostic.severity.INFO, "of severity Information")
  local nest_line = vim.fn.search("for (int i = 0; i < n; i++)", "n") - 1
  check(fused.lnum == nest_line, "on the nest's first line of the buffer")

  -- The cursor on the nest's indentation, column 0 of its first line.
  vim.fn.cursor(nest_line + 1, 1)
  local params = vim.lsp.util.make_range_params()
  params.context = { diagnostics = {} }
  local replies = vim.lsp.buf_request_sync(buf, "textDocument/codeAction", params, 60000)
  local actions = replies and replies[id] and replies[id].result or {}
  check(#actions == 2, "two code actions at column 0 of the nest's first line")
  check(actions[1].title:match("^Fuse loop nest: O%(") ~= nil, "the first fuses")
  check(actions[2].title == "Keep this nest as written (NOLINT)", "the second keeps it")

  local client = vim.lsp.get_client_by_id(id)
  vim.lsp.util.apply_workspace_edit(actions[1].edit, client.offset_encoding)
  local text = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n") .. "\n"
  local expected = table.concat(vim.fn.readfile(expected_path), "\n") .. "\n"
  check(text == expected, "the buffer is the command line's rewrite")

  vim.lsp.stop_client(id)
  vim.wait(5000, function()
    return vim.lsp.get_client_by_id(id) == nil
  end, 50)
end

local ok, err = pcall(run)
if not ok then
  io.stdout:write("error: " .. tostring(err) .. "\n")
  vim.cmd("cquit 1")
end
vim.cmd("qall!")
