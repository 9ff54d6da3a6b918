-- jfm-xszhv.lua -- the vertical book's metric (LuaTeX-ja JFM, tate): Traditional Chinese on a grid.
--
-- Part of the ritual engine (_ext/ritual/latex); used by xsvertical.sty through
-- luatexja-fontspec's TateFeatures={JFM=xszhv,...}, for the main face and for the alternate
-- font its sentence marks are set in (vertical/tex.py).
--
-- Every character, punctuation included, takes one full cell (1 zw), centred in it
-- (align = 'middle'), with no glue or kern between characters: the book is set on a grid, as
-- the 經注本 were cut, and the engine counts the columns itself (vertical/layout.py). The
-- Japanese metrics (jfm-ujisv, jlreq's jfm-jlreqv) give 。、，a half cell set to the top right
-- of its cell, the Japanese convention; Traditional Chinese (Taiwan, Hong Kong) centres the
-- marks in a full cell, in vertical setting as in horizontal. The glyphs are the Noto Serif CJK
-- TC face's, whose 。、，！？ are drawn centred in the em box and which its 'vert' leaves
-- upright, as it does ：；, so centring the box centres the mark; its 'vert' turns the brackets
-- (﹁﹂﹃﹄︽︾︿﹀︵︶︹︺). The marks keep the face's forms because they are set without
-- LuaTeX-ja's own vertical forms ('-vrt2', vertical/tex.py): with those, 。、 became ︒︑,
-- drawn in the top right of the cell, and ：；were turned on their side.
--
-- Class 1, ：；: the face draws their dots 0.035 em below the centre of the em box (on the
-- axis of horizontal text: the colon's two dots span 35–655 of the em's -120–880), which in a
-- column is 0.035 em below the centre of the cell; 'left' (in tate, toward the head of the
-- column) raises them by as much, so that the colon's dots, and the semicolon's dot and the
-- head of its comma, stand about the centre of the cell as 。 does. Measured, with the other
-- marks, by tests/test_vertical.py.
local t = {
   version = 3,
   dir = 'tate',
   zw = 1.0, zh = 1.0,
   kanjiskip = { 0.0, 0.0, 0.0 },
   xkanjiskip = { 0.0, 0.0, 0.0 },
   [0] = {
      align = 'middle', left = 0.0, down = 0.0,
      width = 1.0, height = 0.5, depth = 0.5, italic = 0.0,
   },
   [1] = {
      chars = { '：', '；' },
      align = 'middle', left = 0.035, down = 0.0,
      width = 1.0, height = 0.5, depth = 0.5, italic = 0.0,
   },
}

luatexja.jfont.define_jfm(t)
