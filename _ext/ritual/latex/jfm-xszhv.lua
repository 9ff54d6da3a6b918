-- jfm-xszhv.lua -- the vertical book's metric (LuaTeX-ja JFM, tate): Traditional Chinese on a grid.
--
-- Part of the ritual engine (_ext/ritual/latex); used by xsvertical.sty through
-- luatexja-fontspec's TateFeatures={JFM=xszhv}.
--
-- Every character, punctuation included, takes one full cell (1 zw), centred in it
-- (align = 'middle'), with no glue or kern between characters: the book is set on a grid, as
-- the 經注本 were cut, and the engine counts the columns itself (vertical/layout.py). The
-- Japanese metrics (jfm-ujisv, jlreq's jfm-jlreqv) give 。、，a half cell set to the top right
-- of its cell, the Japanese convention; Traditional Chinese (Taiwan, Hong Kong) centres them in
-- a full cell, in vertical setting as in horizontal. The glyphs are the Noto Serif CJK TC face's,
-- whose 。，、 are drawn centred in the em box and keep that form under the font's 'vert'
-- feature (the TC face has no vertical alternates for them), so centring the box centres the
-- mark. Brackets and 《》 take the 'vert' feature's rotated forms (﹁﹂︽︾).
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
}

luatexja.jfont.define_jfm(t)
