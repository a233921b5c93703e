# pictures: --format svg|html and -o FILE on show, banks and check-equal.
# The pictures themselves are checked in tests/scripts/pictures.sh (xmllint,
# cell counts, tiers, byte-identical runs) and in a browser against the CLI's
# JSON (tests/scripts/browser.sh); here: one whole small SVG, and the errors.

# A 2x2 row-major matrix: two panels, the logical grid and the grid of m.
$ axe-layout show 'S[(2,2):(2,1)]' --format svg
<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" class="axe" width="632" height="178" data-axes="m" data-by="m">
<style>.axe{background:#fff}.axe text{font:10px monospace;fill:#222}.axe .t{font:bold 15px sans-serif}.axe .s,.axe .n{font:12px sans-serif;fill:#444}.axe .pt{font:bold 12px sans-serif}.axe .cl,.axe .rl{fill:#888;font-size:9px}.axe .cl{text-anchor:middle}.axe .rl{text-anchor:end}.cells rect{stroke:#fff;stroke-width:1}.small .cells rect{stroke:none}.cells text{text-anchor:middle;pointer-events:none}.axe .cells .b{font-size:8px;text-anchor:end;fill:#555}.cells rect.e{fill:#f4f4f4}.cells rect.red{fill:#e53935}.cells rect.bold{stroke:#6d0000;stroke-width:2}.cells rect.hl{stroke:#111;stroke-width:2.5}.cells rect.sel{stroke:#0d47a1;stroke-width:3.5}.axe .rule{stroke:#222;stroke-width:1.5;fill:none;pointer-events:none}.cells .ring{fill:none;stroke:#111;stroke-width:2.5;pointer-events:none}.cells .ring.s{stroke:#0d47a1;stroke-width:3.5}</style>
<rect width="100%" height="100%" fill="#fff"/>
<text class="t" x="16" y="30">S[(2,2):(2,1)] on shape (2, 2)</text><text class="s" x="16" y="50">cell: the first image (m), xN: N images; colour: the owner, a hue for each m</text><rect x="16" y="60" width="12" height="12" fill="#eeb5b5"/><text class="s" x="32" y="70">m 0</text><rect x="67" y="60" width="12" height="12" fill="#8be4a5"/><text class="s" x="83" y="70">m 1</text><rect x="118" y="60" width="12" height="12" fill="#d6b5ee"/><text class="s" x="134" y="70">m 2</text><rect x="169" y="60" width="12" height="12" fill="#e4d98b"/><text class="s" x="185" y="70">m 3</text>
<g class="panel" transform="translate(16,84)">
<text class="pt" x="0" y="14">logical (rows: dimension 0, columns: dimension 1)</text><text class="cl" x="27" y="30">0</text><text class="cl" x="49" y="30">1</text><text class="rl" x="11" y="47">0</text><text class="rl" x="11" y="67">1</text>
<g class="cells" transform="translate(16,34)">
<rect class="lc" x="0" y="0" width="22" height="20" fill="#eeb5b5" data-coord="0,0" data-images="0" data-owners="0"/><text x="11" y="14">0</text>
<rect class="lc" x="22" y="0" width="22" height="20" fill="#8be4a5" data-coord="0,1" data-images="1" data-owners="1"/><text x="33" y="14">1</text>
<rect class="lc" x="0" y="20" width="22" height="20" fill="#d6b5ee" data-coord="1,0" data-images="2" data-owners="2"/><text x="11" y="34">2</text>
<rect class="lc" x="22" y="20" width="22" height="20" fill="#e4d98b" data-coord="1,1" data-images="3" data-owners="3"/><text x="33" y="34">3</text>
</g></g>
<g class="panel" transform="translate(330,84)">
<text class="pt" x="0" y="14">physical: m (4 per row)</text><text class="cl" x="30" y="30">0</text><text class="cl" x="58" y="30">1</text><text class="cl" x="86" y="30">2</text><text class="cl" x="114" y="30">3</text><text class="rl" x="11" y="47">0</text>
<g class="cells" transform="translate(16,34)">
<rect class="pc" x="0" y="0" width="28" height="20" fill="#eeb5b5" data-owner="0" data-points="0,0"/><text x="14" y="14">0,0</text>
<rect class="pc" x="28" y="0" width="28" height="20" fill="#8be4a5" data-owner="1" data-points="0,1"/><text x="42" y="14">0,1</text>
<rect class="pc" x="56" y="0" width="28" height="20" fill="#d6b5ee" data-owner="2" data-points="1,0"/><text x="70" y="14">1,0</text>
<rect class="pc" x="84" y="0" width="28" height="20" fill="#e4d98b" data-owner="3" data-points="1,1"/><text x="98" y="14">1,1</text>
</g></g>
</svg>
? 0

# -o writes the file and nothing to standard output; the text picture is unchanged.
$ axe-layout show 'S[(2,2):(2,1)]' --format html -o /dev/null
? 0
$ axe-layout show 'S[(2,2):(2,1)]' --format text
S[(2,2):(2,1)] on shape (2, 2)
rows: dimension 0, columns: dimension 1; cell: m

    0 1
  +----
0 | 0 1
1 | 2 3
? 0

# The answer's exit status stays: 1 for NOT equal.
$ axe-layout check-equal 'S[4:1]' 'S[4:2]' --format svg -o /dev/null
? 1

# Input errors (exit 2).
$ axe-layout show 'S[(4,8):(8,1)]' --format png
axe-layout show: error: --format takes text, svg, html or tex, not 'png'
Try 'axe-layout show --help'.
? 2
$ axe-layout show 'S[(4,8):(8,1)]' --format svg --region 0:2,0:9
--region:1: error: range 1 ends at 9, past the extent 8
  0:2,0:9
  ^~~~~~~
? 2
$ axe-layout show 'S[(4,8):(8,1)]' --format svg --region 0:2
--region:1: error: --region has 1 range for a shape of rank 2
  0:2
  ^~~
? 2
$ axe-layout show 'S[(4,8):(8,1)]' --format svg --region 2:1,0:4
--region:1: error: range 2:1 is empty or negative
  2:1,0:4
  ^~~
? 2
$ axe-layout show 'S[(4,8):(8,1)]' --region 0:2,0:4 --by m
axe-layout show: error: --region is a window of the logical grid: it does not go with --by (the pictures, --format svg or html, draw both)
Try 'axe-layout show --help'.
? 2
$ axe-layout show 'S[(4,8):(8,1)]' --format svg --json
axe-layout show: error: --json and --format svg|html exclude each other
Try 'axe-layout show --help'.
? 2
$ axe-layout show 'S[(4,8):(8,1)]' --format svg -o /nonexistent/x.svg
axe-layout: error: cannot write '/nonexistent/x.svg': No such file or directory
? 2
$ axe-layout banks --access specs/banks_column.yaml:col_read --json --format html
axe-layout banks: error: --json and --format svg|html exclude each other
Try 'axe-layout banks --help'.
? 2
$ axe-layout check-equal 'S[4:1]' 'S[4:2]' --format svg --json
axe-layout check-equal: error: --json and --format svg|html exclude each other
Try 'axe-layout check-equal --help'.
? 2

# A command that fails after -o opened its file leaves no half-written file.
$ axe-layout show 'S[(512,512):(512,1)]' -o build/pictures-test.txt; test -e build/pictures-test.txt && echo left behind || echo removed
axe-layout: error: the picture would have 262144 cells; show draws at most 65536 (slice the layout first, or use eval)
removed
? 0

# A layout of shape () is one point: one cell, in show's and check-equal's pictures
# (fuzz_cli found the pictures reading the extent before the first dimension).
$ axe-layout show 'R[(4)]' --format svg | grep -o 'on shape ()\|logical (shape (): one point)'
on shape ()
logical (shape (): one point)
? 0
$ axe-layout check-equal '5' '6' --format svg -o /dev/null
? 1

# --format tex: a LaTeX document of one TikZ picture (tests/scripts/tex.sh compiles it).

$ axe-layout show 'S[(2,2):(2@laneid,1@reg)]' --format tex
% S[(2,2):(2@laneid,1@reg)] on shape (2, 2)
% drawn by axe-layout: pdflatex this file (LaTeX with TikZ)
\documentclass{article}
\usepackage[paperwidth=474.00pt,paperheight=148.50pt,margin=0pt]{geometry}
\usepackage{tikz}
\pagestyle{empty}
\begin{document}
\definecolor{c0}{HTML}{EEB5B5}
\definecolor{c1}{HTML}{8BE4A5}
\definecolor{c2}{HTML}{D6B5EE}
\definecolor{c3}{HTML}{000000}
\definecolor{axered}{HTML}{E53935}\definecolor{axeempty}{HTML}{F4F4F4}\definecolor{axesel}{HTML}{0D47A1}\definecolor{axebold}{HTML}{6D0000}\definecolor{axerule}{HTML}{222222}
\noindent\begin{tikzpicture}[x=0.75pt,y=-0.75pt,title/.style={anchor=base west,font=\sffamily\bfseries\large},note/.style={anchor=base west,font=\sffamily\small,text=black!75},panel/.style={anchor=base west,font=\sffamily\bfseries\small},axislabel/.style={font=\ttfamily\tiny,text=black!50},rowlabel/.style={anchor=east,font=\ttfamily\tiny,text=black!50},cell/.style={font=\ttfamily\fontsize{6.5}{7}\selectfont,inner sep=0pt},badge/.style={anchor=east,font=\ttfamily\fontsize{5}{6}\selectfont,text=black!65,inner sep=0pt}]
\path[use as bounding box] (0,0) rectangle (632,198);
\node[title] at (16,30) {S[(2,2):(2@laneid,1@reg)] on shape (2, 2)};
\node[note] at (16,50) {cell: the first image as T\textless{}thread\textgreater{}:\textless{}register\textgreater{} (tid = laneid), xN: N images; colour: the owner, a hue for each laneid};
\path[fill=c0] (16,60) rectangle (28,72);
\node[note] at (32,70) {laneid 0};
\path[fill=c1] (102,60) rectangle (114,72);
\node[note] at (118,70) {laneid 1};
\path[fill=c2] (188,60) rectangle (200,72);
\node[note] at (204,70) {laneid 2};
\node[panel] at (16,118) {logical (rows: dimension 0, columns: dimension 1)};
\node[axislabel] at (49,132) {0};
\node[axislabel] at (83,132) {1};
\node[rowlabel] at (27,148) {0};
\node[rowlabel] at (27,168) {1};
\path[fill=c0,draw=white] (32,138) rectangle (66,158);
\node[cell] at (49,148) {T0:0};
\path[fill=c0,draw=white] (66,138) rectangle (100,158);
\node[cell] at (83,148) {T0:1};
\path[fill=c2,draw=white] (32,158) rectangle (66,178);
\node[cell] at (49,168) {T2:0};
\path[fill=c2,draw=white] (66,158) rectangle (100,178);
\node[cell] at (83,168) {T2:1};
\node[panel] at (330,118) {physical: laneid (3 per row)};
\node[axislabel] at (366,132) {0};
\node[axislabel] at (406,132) {1};
\node[axislabel] at (446,132) {2};
\node[rowlabel] at (341,148) {0};
\path[fill=c0,draw=white] (346,138) rectangle (386,158);
\node[cell] at (360,148) {0,0};
\node[badge] at (384,148) {x2};
\path[fill=axeempty,draw=white] (386,138) rectangle (426,158);
\path[fill=c2,draw=white] (426,138) rectangle (466,158);
\node[cell] at (440,148) {1,0};
\node[badge] at (464,148) {x2};
\end{tikzpicture}
\end{document}
? 0

$ axe-layout show 'S[4:1]' --format pdf
axe-layout show: error: --format takes text, svg, html or tex, not 'pdf'
Try 'axe-layout show --help'.
? 2
