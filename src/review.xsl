<?xml version="1.0" encoding="UTF-8"?>
<!-- arbiter review: turns fix's XML report (schema src/fix-report.rng) into one
     self-contained HTML page (inline CSS, SVG and script; nothing fetched).
     Compiled into the binary as a GResource (src/review.gresource.xml); the
     report stays the single source of truth: the page draws what it finds
     there and computes nothing about chess. XSLT 1.0, for libxslt.

     The page: per game its status and language, the source lines beside the
     corrected movetext, changed and doubtful moves marked; per move to review
     (move/@review = 'yes') one panel (class "panel") with a board of the
     position before it, the chosen move as an arrow and the alternatives as
     buttons. The script at the end gives the keys (j/k, 1-9, a, f), keeps the
     decisions in <pre id="decisions"> as the TSV that `arbiter fix
     decisions` reads, and replays keys from the URL fragment (#keys=j1a). -->
<xsl:stylesheet version="1.0"
                xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
                xmlns:r="urn:arbiter:fix-report:1"
                exclude-result-prefixes="r">
  <xsl:output method="html" encoding="UTF-8" indent="no"
              doctype-system="about:legacy-compat"/>

  <xsl:variable name="files" select="'abcdefgh'"/>

  <!-- a variation by its line (game or variation) and the ply of its
       first move: asked of every move, "../r:variation[...]" read all of
       a line's moves each time, a long game's page quadratic (8,192
       plies: 3.4 s) -->
  <xsl:key name="variation-at" match="r:variation"
           use="concat(generate-id(..), ' ', r:move[r:san][1]/@ply)"/>

  <xsl:template match="/">
    <xsl:variable name="n" select="count(//r:move[@review = 'yes'])"/>
    <html lang="en">
      <head>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <title>arbiter review: <xsl:value-of select="$n"/> moves to review</title>
        <style><xsl:call-template name="css"/></style>
      </head>
      <body>
        <header>
          <h1>arbiter review</h1>
          <p class="summary">
            <xsl:value-of select="count(//r:game)"/> games,
            <span id="to-review"><xsl:value-of select="$n"/></span> moves to review,
            <span id="decided">0</span> decided.
          </p>
          <p class="controls">
            <label><input type="checkbox" id="only-review"/> only what needs review (f)</label>
            <button type="button" id="download">download decisions</button>
            <span class="keys">keys: <kbd>j</kbd>/<kbd>k</kbd> next/previous,
              <kbd>1</kbd>–<kbd>9</kbd> pick an alternative, <kbd>a</kbd> accept,
              <kbd>f</kbd> filter</span>
          </p>
        </header>
        <svg class="defs" width="0" height="0" aria-hidden="true">
          <defs>
            <marker id="arrowhead" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3"
                    markerHeight="3" orient="auto">
              <path d="M0,0 L10,5 L0,10 z" class="arrowhead"/>
            </marker>
          </defs>
        </svg>
        <main>
          <xsl:call-template name="first"/>
          <xsl:apply-templates select="r:fix-report/r:input/r:game"/>
        </main>
        <section class="decisions-out">
          <h2>Decisions (TSV for <code>arbiter fix --decisions</code>)</h2>
          <pre id="decisions"># arbiter review decisions: game	ply	move (UCI)	line:col
</pre>
        </section>
        <script><xsl:call-template name="js"/></script>
      </body>
    </html>
  </xsl:template>

  <!-- the games with the most wrong moves to expect (game/@expected-wrong),
       the first ten, each a link to its section: where several games came -->
  <xsl:template name="first">
    <xsl:if test="count(//r:game[@expected-wrong]) &gt; 1">
      <nav class="first">
        <h2>Games to look at first</h2>
        <ol>
          <xsl:for-each select="//r:game[@expected-wrong]">
            <xsl:sort select="@expected-wrong" data-type="number" order="descending"/>
            <xsl:if test="position() &lt;= 10">
              <li>
                <a href="#g-{@id}">Game <xsl:value-of select="@id"/>
                  <xsl:if test="@white or @black">:
                    <xsl:value-of select="@white"/> – <xsl:value-of select="@black"/>
                  </xsl:if>
                </a>,
                <xsl:value-of select="@expected-wrong"/> wrong moves to expect,
                <xsl:value-of select="count(r:move[@review = 'yes'])"/> to review
              </li>
            </xsl:if>
          </xsl:for-each>
        </ol>
      </nav>
    </xsl:if>
  </xsl:template>

  <!-- one game -->
  <xsl:template match="r:game">
    <xsl:variable name="id" select="@id"/>
    <section class="game {@status}" id="g-{@id}" data-game="{@id}"
             data-review="{count(r:move[@review = 'yes'])}">
      <h2>
        Game <xsl:value-of select="@id"/>
        <xsl:if test="@white or @black">:
          <xsl:value-of select="@white"/> – <xsl:value-of select="@black"/>
        </xsl:if>
      </h2>
      <p class="meta">
        <span class="status"><xsl:value-of select="@status"/></span>,
        language <xsl:value-of select="@language"/>,
        <xsl:value-of select="../@name"/> game <xsl:value-of select="@number"/>,
        cost <xsl:value-of select="@cost"/>,
        <xsl:if test="@expected-wrong">
          <span class="expected"><xsl:value-of select="@expected-wrong"/> wrong moves to expect</span>,
        </xsl:if>
        <xsl:value-of select="count(r:move[@review = 'yes'])"/> to review
      </p>
      <div class="cols">
        <xsl:if test="r:source">
          <pre class="source"><xsl:apply-templates select="r:source/r:line"/></pre>
        </xsl:if>
        <p class="movetext">
          <xsl:apply-templates select="r:move" mode="text"/>
          <xsl:if test="r:unresolved">
            <span class="unresolved">unresolved<xsl:if test="r:unresolved/@why = 'too-long'"> (it goes on past the 8192 tokens fix reads of a game)</xsl:if> from line <xsl:value-of select="r:unresolved/@line"/>:
              <xsl:value-of select="r:unresolved"/></span>
          </xsl:if>
        </p>
      </div>
      <xsl:apply-templates select="r:move[@review = 'yes']" mode="panel"/>
    </section>
  </xsl:template>

  <!-- the source: one line each, its number, the move tokens marked -->
  <xsl:template match="r:line">
    <span class="ln"><xsl:value-of select="@number"/></span>
    <xsl:apply-templates/>
    <xsl:text>&#10;</xsl:text>
  </xsl:template>

  <xsl:template match="r:token">
    <xsl:variable name="game" select="ancestor::r:game/@id"/>
    <mark id="src-{$game}-{../@number}-{@column}" class="tok {@change}">
      <xsl:if test="@review = 'yes'">
        <xsl:attribute name="class">tok <xsl:value-of select="@change"/> review</xsl:attribute>
      </xsl:if>
      <xsl:if test="@variation = 'yes'">
        <xsl:attribute name="class">tok <xsl:value-of select="@change"/> var</xsl:attribute>
        <xsl:attribute name="title">variation, ply <xsl:value-of select="@ply"/></xsl:attribute>
      </xsl:if>
      <xsl:value-of select="."/>
    </mark>
  </xsl:template>

  <!-- the corrected movetext -->
  <xsl:template match="r:move" mode="text">
    <xsl:variable name="cls">
      <xsl:text>mv </xsl:text>
      <xsl:value-of select="@change"/>
      <xsl:if test="@review = 'yes'"> review</xsl:if>
      <xsl:if test="@reviewed = 'yes'"> reviewed</xsl:if>
    </xsl:variable>
    <xsl:choose>
      <xsl:when test="@change = 'deleted'">
        <del class="{$cls}" title="deleted: no move"><xsl:value-of select="r:input"/></del>
      </xsl:when>
      <xsl:otherwise>
        <!-- Black's number too at the start and after a variation: the
             ply of the move played before (the sibling right before asked
             first: the nearest with a move, asked of every move, made a
             long game's page quadratic as well) -->
        <xsl:variable name="prev" select="preceding-sibling::r:move[1]"/>
        <xsl:variable name="before">
          <xsl:choose>
            <xsl:when test="$prev/r:san"><xsl:value-of select="$prev/@ply"/></xsl:when>
            <xsl:otherwise><xsl:value-of select="preceding-sibling::r:move[r:san][1]/@ply"/></xsl:otherwise>
          </xsl:choose>
        </xsl:variable>
        <xsl:if test="@side = 'white' or string($before) = '' or key('variation-at', concat(generate-id(..), ' ', $before))">
          <span class="num">
            <xsl:value-of select="@number"/>
            <xsl:choose>
              <xsl:when test="@side = 'white'">.</xsl:when>
              <xsl:otherwise>...</xsl:otherwise>
            </xsl:choose>
          </span>
        </xsl:if>
        <xsl:choose>
          <xsl:when test="@review = 'yes'">
            <a class="{$cls}" href="#p-{../@id}-{@ply}" data-ply="{@ply}"
               title="{@change}, confidence {@confidence}, read {r:input}">
              <xsl:value-of select="r:san"/>
            </a>
          </xsl:when>
          <xsl:otherwise>
            <span class="{$cls}" title="{@change}, confidence {@confidence}">
              <xsl:value-of select="r:san"/>
            </span>
          </xsl:otherwise>
        </xsl:choose>
      </xsl:otherwise>
    </xsl:choose>
    <xsl:text> </xsl:text>
    <!-- the variations that play this move another way, right after it -->
    <xsl:if test="r:san">
      <xsl:apply-templates select="key('variation-at', concat(generate-id(..), ' ', @ply))"/>
    </xsl:if>
  </xsl:template>

  <!-- a variation read as moves: its moves, corrections marked as in the
       main line (none is offered for review: a decision names a main-line
       ply), and its own variations -->
  <xsl:template match="r:variation">
    <span class="var" title="variation, line {@line}">
      <xsl:text>( </xsl:text>
      <xsl:apply-templates select="r:move" mode="text"/>
      <xsl:text>) </xsl:text>
    </span>
  </xsl:template>

  <!-- a move to review: board, arrow, alternatives -->
  <xsl:template match="r:move" mode="panel">
    <xsl:variable name="game" select="../@id"/>
    <xsl:variable name="src">
      <xsl:choose>
        <xsl:when test="@line"><xsl:value-of select="@line"/>:<xsl:value-of select="@column"/></xsl:when>
        <xsl:otherwise>-</xsl:otherwise>
      </xsl:choose>
    </xsl:variable>
    <article class="panel" id="p-{$game}-{@ply}" data-game="{$game}" data-ply="{@ply}"
             data-uci="{@uci}" data-src="{$src}" data-srcid="src-{$game}-{@line}-{@column}"
             tabindex="-1">
      <svg class="board" viewBox="0 0 8 8" width="200" height="200" role="img"
           aria-label="position before the move: {@fen}" data-fen="{@fen}">
        <xsl:call-template name="squares"/>
        <xsl:call-template name="pieces">
          <xsl:with-param name="s" select="substring-before(@fen, ' ')"/>
        </xsl:call-template>
        <xsl:call-template name="arrow">
          <xsl:with-param name="uci" select="@uci"/>
        </xsl:call-template>
      </svg>
      <div class="info">
        <h3>
          <xsl:value-of select="@number"/>
          <xsl:choose>
            <xsl:when test="@side = 'white'">. </xsl:when>
            <xsl:otherwise>... </xsl:otherwise>
          </xsl:choose>
          <xsl:value-of select="r:san"/>
          <span class="where"> game <xsl:value-of select="$game"/>, ply <xsl:value-of select="@ply"/></span>
        </h3>
        <p>
          <xsl:value-of select="@change"/>, confidence <xsl:value-of select="@confidence"/>;
          <xsl:choose>
            <xsl:when test="r:input">read <q class="read"><xsl:value-of select="r:input"/></q>
              at line <a href="#src-{$game}-{@line}-{@column}"><xsl:value-of select="$src"/></a></xsl:when>
            <xsl:otherwise>not written (inserted)</xsl:otherwise>
          </xsl:choose>
        </p>
        <p class="choices">
          <button type="button" class="choice chosen" data-key="a" data-uci="{@uci}">
            <kbd>a</kbd> accept <b><xsl:value-of select="r:san"/></b>
            <small> <xsl:value-of select="@confidence"/></small>
          </button>
          <xsl:for-each select="r:alternative[position() &lt;= 9]">
            <button type="button" class="choice alt" data-key="{position()}" data-uci="{@uci}">
              <kbd><xsl:value-of select="position()"/></kbd>
              <xsl:text> </xsl:text><b><xsl:value-of select="@san"/></b>
              <small> <xsl:value-of select="@confidence"/></small>
            </button>
          </xsl:for-each>
        </p>
        <p class="decision"></p>
      </div>
    </article>
  </xsl:template>

  <!-- 64 squares, a8 first -->
  <xsl:template name="squares">
    <xsl:param name="i" select="0"/>
    <xsl:if test="$i &lt; 64">
      <xsl:variable name="x" select="$i mod 8"/>
      <xsl:variable name="y" select="floor($i div 8)"/>
      <rect class="sq {substring('ld', 1 + ($x + $y) mod 2, 1)}" x="{$x}" y="{$y}" width="1"
            height="1"/>
      <xsl:call-template name="squares">
        <xsl:with-param name="i" select="$i + 1"/>
      </xsl:call-template>
    </xsl:if>
  </xsl:template>

  <!-- the pieces of a FEN placement, one character at a time -->
  <xsl:template name="pieces">
    <xsl:param name="s"/>
    <xsl:param name="file" select="0"/>
    <xsl:param name="rank" select="7"/>
    <xsl:if test="string-length($s) &gt; 0">
      <xsl:variable name="c" select="substring($s, 1, 1)"/>
      <xsl:choose>
        <xsl:when test="$c = '/'">
          <xsl:call-template name="pieces">
            <xsl:with-param name="s" select="substring($s, 2)"/>
            <xsl:with-param name="rank" select="$rank - 1"/>
          </xsl:call-template>
        </xsl:when>
        <xsl:when test="contains('12345678', $c)">
          <xsl:call-template name="pieces">
            <xsl:with-param name="s" select="substring($s, 2)"/>
            <xsl:with-param name="file" select="$file + $c"/>
            <xsl:with-param name="rank" select="$rank"/>
          </xsl:call-template>
        </xsl:when>
        <xsl:otherwise>
          <xsl:variable name="upper" select="translate($c, 'kqrbnp', 'KQRBNP')"/>
          <text class="piece {substring('wb', 1 + number($c != $upper), 1)}" x="{$file + 0.5}"
                y="{7 - $rank + 0.82}" data-piece="{$c}"
                data-square="{substring($files, $file + 1, 1)}{$rank + 1}">
            <xsl:value-of select="substring('&#9818;&#9819;&#9820;&#9821;&#9822;&#9823;',
                                  string-length(substring-before('KQRBNP', $upper)) + 1, 1)"/>
          </text>
          <xsl:call-template name="pieces">
            <xsl:with-param name="s" select="substring($s, 2)"/>
            <xsl:with-param name="file" select="$file + 1"/>
            <xsl:with-param name="rank" select="$rank"/>
          </xsl:call-template>
        </xsl:otherwise>
      </xsl:choose>
    </xsl:if>
  </xsl:template>

  <!-- the chosen move from square centre to square centre -->
  <xsl:template name="arrow">
    <xsl:param name="uci"/>
    <xsl:variable name="fx" select="string-length(substring-before($files, substring($uci, 1, 1)))"/>
    <xsl:variable name="tx" select="string-length(substring-before($files, substring($uci, 3, 1)))"/>
    <line class="arrow" x1="{$fx + 0.5}" y1="{8.5 - substring($uci, 2, 1)}" x2="{$tx + 0.5}"
          y2="{8.5 - substring($uci, 4, 1)}" marker-end="url(#arrowhead)" data-uci="{$uci}"/>
  </xsl:template>

  <xsl:template name="css"><![CDATA[
body { font: 15px/1.45 system-ui, sans-serif; margin: 0 1.5em 3em; color: #1b1b1b; background: #fafaf7; }
header { position: sticky; top: 0; background: #fafaf7ee; border-bottom: 1px solid #ccc; padding: .4em 0; z-index: 2; }
h1 { font-size: 1.3em; margin: 0; } h2 { font-size: 1.1em; margin: 1.2em 0 .2em; }
.summary, .controls { margin: .2em 0; } .keys { color: #555; margin-left: 1em; }
kbd { border: 1px solid #999; border-radius: 3px; padding: 0 .3em; font: .85em monospace; background: #fff; }
.defs { position: absolute; }
.game { border-top: 2px solid #bbb; padding-bottom: .5em; }
.first ol { margin: .2em 0; } .first h2 { font-size: 1.1em; }
.meta { color: #555; margin: 0 0 .4em; } .game.unresolved .status { color: #a00; font-weight: bold; }
.cols { display: flex; gap: 1.5em; align-items: flex-start; }
.source { flex: 1 1 50%; margin: 0; padding: .4em; background: #fff; border: 1px solid #ddd; overflow-x: auto; font-size: 13px; max-height: 24em; }
.ln { display: inline-block; width: 3.5em; color: #999; user-select: none; }
.movetext { flex: 1 1 50%; margin: 0; }
mark.tok { background: none; color: inherit; }
.tok.corrected, .mv.corrected { background: #fff1b8; } .tok.deleted, del.mv { background: #f8d0d0; }
.mv.inserted { background: #cfe8ff; } .tok.merged, .tok.split, .mv.merged, .mv.split { background: #e4d7ff; }
.tok.review, .mv.review { outline: 2px solid #d55; border-radius: 2px; }
.mv.reviewed { text-decoration: underline double #080; }
.tok.current { background: #ffb347; }
.num { color: #777; }
.var { color: #555; }
.panel { display: flex; gap: 1em; margin: .6em 0; padding: .5em; border: 1px solid #ddd; border-radius: 6px; background: #fff; }
.panel.current { border-color: #e07b00; box-shadow: 0 0 0 3px #ffd59a; }
.panel.decided { background: #f1faf1; }
.board { flex: none; } .sq.l { fill: #f0d9b5; } .sq.d { fill: #b58863; }
.piece { font-size: .85px; text-anchor: middle; font-family: "DejaVu Sans", "Segoe UI Symbol", "Noto Sans Symbols2", serif; }
.piece.w { fill: #fff; stroke: #000; stroke-width: .03px; } .piece.b { fill: #000; }
.arrow { stroke: #1f7a1f; stroke-width: .14; opacity: .8; } .arrowhead { fill: #1f7a1f; }
.info h3 { margin: 0 0 .3em; font-size: 1.05em; } .where { color: #777; font-weight: normal; font-size: .85em; }
.choice { margin: 0 .3em .3em 0; padding: .25em .6em; border: 1px solid #aaa; border-radius: 4px; background: #f6f6f6; cursor: pointer; font: inherit; }
.choice.chosen { border-color: #1f7a1f; } .choice.picked { background: #1f7a1f; color: #fff; }
.choice small { color: inherit; opacity: .7; margin-left: .35em; }
.decision { color: #1f7a1f; min-height: 1.2em; margin: 0; }
.filtered .game[data-review="0"], .filtered .panel.decided { display: none; }
#decisions { background: #fff; border: 1px solid #ddd; padding: .4em; }
@media print {
  header { position: static; } .controls, .decisions-out { display: none; }
  body { background: #fff; margin: 0; font-size: 11pt; }
  .source { max-height: none; overflow: visible; white-space: pre-wrap; }
  .panel, .game h2 { break-inside: avoid; page-break-inside: avoid; }
  .choice { border: 1px solid #000; background: #fff; color: #000; } .choice.picked { font-weight: bold; outline: 2px solid #000; }
  .tok.review, .mv.review { outline: 1px solid #000; }
}
]]></xsl:template>

  <xsl:template name="js"><![CDATA[
(function () {
  "use strict";
  var panels = Array.prototype.slice.call(document.querySelectorAll(".panel"));
  var current = -1;
  var decisions = {}; /* "game:ply" -> [game, ply, uci, source] */
  var filter = document.getElementById("only-review");
  var out = document.getElementById("decisions");
  var header = "# arbiter review decisions: game\tply\tmove (UCI)\tline:col\n";

  function shown(p) { return !filter.checked || !p.classList.contains("decided"); }
  function visible() { return panels.filter(shown); }

  function select(p, scroll) {
    panels.forEach(function (q) { q.classList.remove("current"); });
    document.querySelectorAll(".tok.current").forEach(function (t) { t.classList.remove("current"); });
    current = panels.indexOf(p);
    if (!p) return;
    p.classList.add("current");
    var tok = document.getElementById(p.dataset.srcid);
    if (tok) tok.classList.add("current");
    if (scroll && p.scrollIntoView) p.scrollIntoView({ block: "nearest" });
  }

  function step(by) {
    var v = visible();
    if (!v.length) return;
    var at = v.indexOf(panels[current]);
    if (at < 0) {
      /* the current one is hidden (decided, filtered): the next one after it */
      at = by > 0 ? -1 : v.length;
      for (var i = 0; i < v.length; i++)
        if (panels.indexOf(v[i]) > current) { at = by > 0 ? i - 1 : i; break; }
    }
    select(v[Math.max(0, Math.min(v.length - 1, at + by))], true);
  }

  function squareXY(sq) { return [sq.charCodeAt(0) - 97 + 0.5, 8.5 - (sq.charCodeAt(1) - 48)]; }

  function drawArrow(p, uci) {
    var line = p.querySelector(".arrow");
    if (!line || !uci) return;
    var a = squareXY(uci.substr(0, 2)), b = squareXY(uci.substr(2, 2));
    line.setAttribute("x1", a[0]); line.setAttribute("y1", a[1]);
    line.setAttribute("x2", b[0]); line.setAttribute("y2", b[1]);
    line.setAttribute("data-uci", uci);
  }

  function writeOut() {
    var keys = Object.keys(decisions).sort(function (x, y) {
      var a = decisions[x], b = decisions[y];
      return a[0] - b[0] || a[1] - b[1];
    });
    out.textContent = header + keys.map(function (k) { return decisions[k].join("\t") + "\n"; }).join("");
    document.getElementById("decided").textContent = keys.length;
  }

  function decide(p, button) {
    if (!p || !button) return;
    p.querySelectorAll(".choice").forEach(function (b) { b.classList.remove("picked"); });
    button.classList.add("picked");
    drawArrow(p, button.dataset.uci);
    decisions[p.dataset.game + ":" + p.dataset.ply] =
      [p.dataset.game, p.dataset.ply, button.dataset.uci, p.dataset.src];
    p.querySelector(".decision").textContent =
      "decided: " + button.querySelector("b").textContent + " (" + button.dataset.uci + ")";
    p.classList.add("decided");
    writeOut();
    step(1);
  }

  function key(k) {
    var p = panels[current];
    if (k === "j") step(1);
    else if (k === "k") step(-1);
    else if (k === "f") { filter.checked = !filter.checked; applyFilter(); }
    else if (p && (k === "a" || (k >= "1" && k <= "9")))
      decide(p, p.querySelector('.choice[data-key="' + k + '"]'));
  }

  function applyFilter() { document.body.classList.toggle("filtered", filter.checked); }

  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey || e.target.tagName === "INPUT") return;
    key(e.key);
  });
  filter.addEventListener("change", applyFilter);
  panels.forEach(function (p) {
    p.addEventListener("click", function (e) {
      var b = e.target.closest(".choice");
      select(p);
      if (b) decide(p, b);
    });
  });
  document.getElementById("download").addEventListener("click", function () {
    var a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([out.textContent], { type: "text/tab-separated-values" }));
    a.download = "decisions.tsv";
    document.body.appendChild(a);
    a.click();
    a.remove();
  });

  if (panels.length) select(panels[0]);
  /* #keys=j1a replays keystrokes: how the browser test drives the page */
  var m = /(?:^#|&)keys=([^&]*)/.exec(location.hash);
  if (m) decodeURIComponent(m[1]).split("").forEach(key);
})();
]]></xsl:template>
</xsl:stylesheet>
