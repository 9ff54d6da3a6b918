-- xsvertical.lua -- Lua helpers of the vertical book (xsvertical.sty): the folio in Chinese
-- numerals (一 … 九十九, 一百, 一百零五, 一百一十 …), as the 版心 of a 線裝書 gives it; the count
-- of the columns of the page being shipped (the record of a blank column); whether a page begins
-- with a part's title (the 版心's part).
xsv = xsv or {}

local digits = { [0] = "〇", "一", "二", "三", "四", "五", "六", "七", "八", "九" }

local function below_hundred(n, leading)
   if n < 10 then return digits[n] end
   local tens, units = n // 10, n % 10
   local out = (tens == 1 and not leading) and "十" or (digits[tens] .. "十")
   if units > 0 then out = out .. digits[units] end
   return out
end

function xsv.numeral(n)
   n = math.floor(n)
   if n <= 0 then return digits[0] end
   if n >= 10000 then return tostring(n) end
   local out = ""
   local thousands, hundreds, rest = n // 1000, (n // 100) % 10, n % 100
   if thousands > 0 then out = digits[thousands] .. "千" end
   if hundreds > 0 then
      out = out .. digits[hundreds] .. "百"
   elseif thousands > 0 and rest > 0 then
      out = out .. "零"
   end
   if rest > 0 then
      if (thousands > 0 or hundreds > 0) and rest < 10 and hundreds > 0 then
         out = out .. "零"
      end
      out = out .. below_hundred(rest, thousands > 0 or hundreds > 0)
   end
   return out
end

-- The columns of the page being shipped (xsvertical.sty's records): xsv.page() as a page is
-- shipped, xsv.column() as each column's record is written; xsv.blank(), in the record of a part's
-- title, gives the blank column before it (`b') where a column precedes the title on its page,
-- nothing where the title begins the page (the blank, glue, was discarded there).
local columns = 0

function xsv.page() columns = 0 end

function xsv.column() columns = columns + 1 end

function xsv.blank()
   if columns > 0 then
      columns = columns + 1
      tex.sprint("b ")
   end
end

-- Whether the page being output begins with a part's title (a box with the attribute
-- \xsv@partattr, xsvertical.sty): \xsv@parthead, which the 版心 reads as the page is shipped.
local part_attr = luatexbase.attributes["xsv@partattr"]
local list_ids = { [node.id("hlist")] = true, [node.id("vlist")] = true }

local function begins_with_part(head)
   for n in node.traverse(head) do
      if list_ids[n.id] then return node.has_attribute(n, part_attr) == 1 end
   end
   return false
end

-- Whether the page being output holds a line of any kind (a column, a title; each an hlist): a
-- page without one (the colophon alone, held over from the last page of text) draws no rule
-- over what is set after the columns (\xsv@pagelines, read by xsvertical.sty's \@makecol).
local hlist = node.id("hlist")

local function holds_lines(head)
   for n in node.traverse(head) do
      if n.id == hlist then return true end
   end
   return false
end

luatexbase.add_to_callback("pre_output_filter", function(head)
   tex.setcount("global", "xsv@parthead", begins_with_part(head) and 1 or 0)
   tex.setcount("global", "xsv@pagelines", holds_lines(head) and 1 or 0)
   return true
end, "xsvertical.parthead")

return xsv
