/*
 * search.js: the archive's search, in the browser, from file:// or any host. Plain script
 * (no modules, no fetch): the index is a set of .js files it loads with <script> tags, only
 * those a query needs. The index is written by Sources/WenjinSite/Search/SearchIndex.swift;
 * the tokenizing rules here (termsOfQuery, shardOf) must match SearchTokenizer.swift and
 * SearchShardKey.swift.
 *
 * Contract with the theme's pages:
 *   - The search page holds one results element and loads this script (anywhere):
 *       <div id="wenjin-search-results" data-site-root="" data-search-index="search/"></div>
 *       <script src="assets/js/search.js"></script>
 *     data-site-root: the site root relative to the page ("" for search.html at the root);
 *     data-search-index: the index folder relative to the page (default: site root + "search/").
 *   - Optional on the search page: <p id="wenjin-search-status"></p> for "N results",
 *     "nothing found" and errors (without it they go at the top of the results element).
 *   - Any page may have a search box that needs no script at all:
 *       <form action="search.html" method="get"><input id="wenjin-search-input" name="q"></form>
 *     On the search page this script puts the current query into #wenjin-search-input.
 *   - The query comes from ?q=…, the result page from ?p=N (20 results a page).
 *   - UI strings default to zh-Hans; the results element may override them with
 *     data-label-count ("{n}" = number), data-label-none ("{q}" = query), data-label-error,
 *     data-label-previous, data-label-next and data-label-kind-<question|answer|article|topic|user>.
 *   - Rendered markup: each result is <div class="wenjin-search-result card-body"> holding
 *     <a class="wenjin-search-title" href>, <span class="wenjin-search-kind badge">, and
 *     <p class="wenjin-search-snippet"> with the hits in <mark>.
 */
(function () {
  'use strict';

  var PAGE_SIZE = 20;
  var MAX_WORD = 40;
  var LABELS = {
    count: '找到 {n} 条结果',
    none: '没有找到与“{q}”相关的内容',
    error: '无法加载搜索索引',
    previous: '上一页',
    next: '下一页',
    'kind-question': '问题',
    'kind-answer': '回答',
    'kind-article': '文章',
    'kind-topic': '话题',
    'kind-user': '用户'
  };

  var wordPattern = null;
  try {
    wordPattern = new RegExp('[\\p{L}\\p{M}\\p{N}]', 'u');
  } catch (e) {
    wordPattern = /[0-9A-Za-z\u00AA\u00B5\u00BA\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u03FF\u0400-\u052F]/;
  }

  var state = { config: null, shards: {}, documents: {} };

  function isCJK(code) {
    return (code >= 0x3040 && code <= 0x30FF) || (code >= 0x3400 && code <= 0x4DBF) ||
      (code >= 0x4E00 && code <= 0x9FFF) || (code >= 0xAC00 && code <= 0xD7AF) ||
      (code >= 0xF900 && code <= 0xFAFF) || (code >= 0x20000 && code <= 0x2FA1F);
  }

  function fold(character) {
    var code = character.codePointAt(0);
    if (code >= 0xFF01 && code <= 0xFF5E) { return String.fromCharCode(code - 0xFEE0); }
    return character;
  }

  /* The pieces of a query as a reader sees them: runs of CJK characters and words. */
  function piecesOfQuery(query) {
    var pieces = [];
    var current = '';
    var currentKind = null;
    function end() {
      if (current) { pieces.push({ kind: currentKind, text: current }); }
      current = '';
      currentKind = null;
    }
    for (var character of query) {
      character = fold(character);
      var code = character.codePointAt(0);
      var kind = isCJK(code) ? 'cjk' : (wordPattern.test(character) ? 'word' : null);
      if (kind !== currentKind) { end(); }
      if (kind) {
        current += kind === 'word' ? character.toLowerCase() : character;
        currentKind = kind;
      }
    }
    end();
    return pieces;
  }

  /* Index terms a document must hold to match: bigrams of CJK runs (the character itself for a
     run of one) and whole words. */
  function termsOfQuery(query) {
    var terms = [];
    var seen = {};
    function add(term) {
      if (!Object.prototype.hasOwnProperty.call(seen, term)) { seen[term] = true; terms.push(term); }
    }
    piecesOfQuery(query).forEach(function (piece) {
      var characters = Array.from(piece.text);
      if (piece.kind === 'word') {
        if (characters.length <= MAX_WORD) { add(piece.text); }
      } else if (characters.length === 1) {
        add(characters[0]);
      } else {
        for (var i = 0; i + 1 < characters.length; i++) { add(characters[i] + characters[i + 1]); }
      }
    });
    return terms;
  }

  function utf8Bytes(text) {
    if (typeof TextEncoder !== 'undefined') { return new TextEncoder().encode(text); }
    var binary = unescape(encodeURIComponent(text));
    var bytes = [];
    for (var i = 0; i < binary.length; i++) { bytes.push(binary.charCodeAt(i)); }
    return bytes;
  }

  /* FNV-1a (32 bits) of the UTF-8 bytes, masked to the shard count, in fixed-width hex. */
  function shardOf(term, shards, digits) {
    var hash = 2166136261;
    var bytes = utf8Bytes(term);
    for (var i = 0; i < bytes.length; i++) {
      hash ^= bytes[i];
      hash = Math.imul(hash, 16777619) >>> 0;
    }
    var name = (hash & (shards - 1)).toString(16);
    while (name.length < digits) { name = '0' + name; }
    return name;
  }

  /* Adds <script> tags for the files and calls done once each has loaded or failed. */
  function loadScripts(urls, done) {
    var pending = urls.length;
    if (pending === 0) { done(); return; }
    urls.forEach(function (url) {
      var script = document.createElement('script');
      script.src = url;
      script.onload = script.onerror = function () {
        pending -= 1;
        if (pending === 0) { done(); }
      };
      document.head.appendChild(script);
    });
  }

  /* Document number -> whether the term is in its title, from a delta-coded posting list. */
  function decodePostings(list) {
    var documents = {};
    var number = 0;
    for (var i = 0; i < list.length; i++) {
      number += Math.floor(list[i] / 2);
      documents[number] = list[i] % 2;
    }
    return documents;
  }

  /* Documents holding every term, title hits first, then by number (= by weight). */
  function rank(terms) {
    var lists = [];
    for (var i = 0; i < terms.length; i++) {
      var shard = state.shards[shardOf(terms[i], state.config.shards, state.config.digits)] || {};
      if (!Object.prototype.hasOwnProperty.call(shard, terms[i])) { return []; }
      lists.push(shard[terms[i]]);
    }
    lists.sort(function (a, b) { return a.length - b.length; });
    var scores = decodePostings(lists[0]);
    for (var j = 1; j < lists.length; j++) {
      var next = decodePostings(lists[j]);
      var kept = {};
      for (var key in scores) {
        if (Object.prototype.hasOwnProperty.call(next, key)) { kept[key] = scores[key] + next[key]; }
      }
      scores = kept;
    }
    return Object.keys(scores).map(Number).sort(function (a, b) {
      return (scores[b] - scores[a]) || (a - b);
    });
  }

  function label(element, name, values) {
    var text = element.getAttribute('data-label-' + name) || LABELS[name] || '';
    return text.replace(/\{(\w)\}/g, function (all, key) { return values && key in values ? values[key] : all; });
  }

  /* What to mark in titles and snippets: the query's pieces as typed and, since a document may
     hold a long Chinese query only in parts, its terms too; longest first. */
  function needlesOf(query) {
    var seen = {};
    var needles = [];
    piecesOfQuery(query).map(function (piece) { return piece.text; }).concat(termsOfQuery(query)).forEach(function (text) {
      if (!Object.prototype.hasOwnProperty.call(seen, text)) { seen[text] = true; needles.push(text); }
    });
    return needles.sort(function (a, b) { return b.length - a.length; });
  }

  /* The earliest needle in lower from position on (the longest among those starting there). */
  function firstHit(lower, needles, position) {
    var best = { index: -1, length: 0 };
    needles.forEach(function (needle) {
      var found = lower.indexOf(needle, position);
      if (found >= 0 && (best.index < 0 || found < best.index)) { best = { index: found, length: needle.length }; }
    });
    return best;
  }

  /* Appends text to parent with every hit in <mark>. */
  function appendHighlighted(parent, text, needles) {
    var lower = text.toLowerCase();
    var position = 0;
    while (position < text.length) {
      var hit = firstHit(lower, needles, position);
      if (hit.index < 0) { break; }
      parent.appendChild(document.createTextNode(text.slice(position, hit.index)));
      var mark = document.createElement('mark');
      mark.textContent = text.slice(hit.index, hit.index + hit.length);
      parent.appendChild(mark);
      position = hit.index + hit.length;
    }
    parent.appendChild(document.createTextNode(text.slice(position)));
  }

  /* About 120 characters of the text around its first hit. */
  function snippet(text, needles) {
    var first = firstHit(text.toLowerCase(), needles, 0).index;
    var start = Math.max(0, first - 40);
    var end = Math.min(text.length, start + 120);
    return (start > 0 ? '…' : '') + text.slice(start, end) + (end < text.length ? '…' : '');
  }

  function pageLink(query, page, text) {
    var link = document.createElement('a');
    link.className = 'btn btn-outline-secondary btn-sm me-2';
    link.href = '?q=' + encodeURIComponent(query) + '&p=' + page;
    link.textContent = text;
    return link;
  }

  function render(results, status, siteRoot, query, numbers, page) {
    var needles = needlesOf(query);
    numbers.forEach(function (number) {
      var perFile = state.config.documentsPerFile;
      var file = state.documents[Math.floor(number / perFile)];
      var entry = file && file[number % perFile];
      if (!entry) { return; }
      var item = document.createElement('div');
      item.className = 'wenjin-search-result card-body border-bottom';
      var heading = document.createElement('h3');
      heading.className = 'h5 mb-1';
      var link = document.createElement('a');
      link.className = 'wenjin-search-title';
      link.href = siteRoot + entry[1];
      appendHighlighted(link, entry[0], needles);
      heading.appendChild(link);
      var kind = document.createElement('span');
      kind.className = 'wenjin-search-kind badge text-bg-light ms-2';
      kind.textContent = label(results, 'kind-' + entry[2]);
      heading.appendChild(kind);
      item.appendChild(heading);
      var text = document.createElement('p');
      text.className = 'wenjin-search-snippet mb-0 text-body-secondary';
      appendHighlighted(text, snippet(entry[3], needles), needles);
      item.appendChild(text);
      results.appendChild(item);
    });
    var total = state.ranked.length;
    status.textContent = total ? label(results, 'count', { n: String(total) }) : label(results, 'none', { q: query });
    var pages = Math.ceil(total / PAGE_SIZE);
    if (pages > 1) {
      var navigation = document.createElement('nav');
      navigation.className = 'wenjin-search-pages mt-3';
      if (page > 1) { navigation.appendChild(pageLink(query, page - 1, label(results, 'previous'))); }
      if (page < pages) { navigation.appendChild(pageLink(query, page + 1, label(results, 'next'))); }
      results.appendChild(navigation);
    }
  }

  function parameter(name) {
    var pattern = new RegExp('[?&]' + name + '=([^&#]*)');
    var match = pattern.exec(window.location.search);
    if (!match) { return ''; }
    try {
      return decodeURIComponent(match[1].replace(/\+/g, ' '));
    } catch (e) {
      return '';
    }
  }

  function start() {
    var query = parameter('q').trim();
    var input = document.getElementById('wenjin-search-input');
    if (input && query && !input.value) { input.value = query; }
    var results = document.getElementById('wenjin-search-results');
    if (!results || !query) { return; }
    var status = document.getElementById('wenjin-search-status');
    if (!status) {
      status = document.createElement('p');
      status.className = 'wenjin-search-status';
      results.appendChild(status);
    }
    var siteRoot = results.getAttribute('data-site-root') || '';
    var folder = results.getAttribute('data-search-index') || siteRoot + 'search/';
    var page = Math.max(1, parseInt(parameter('p'), 10) || 1);
    results.setAttribute('aria-busy', 'true');
    loadScripts([folder + 'index.js'], function () {
      if (!state.config) {
        status.textContent = label(results, 'error');
        results.setAttribute('aria-busy', 'false');
        return;
      }
      var terms = termsOfQuery(query);
      var names = {};
      terms.forEach(function (term) { names[shardOf(term, state.config.shards, state.config.digits)] = true; });
      loadScripts(Object.keys(names).sort().map(function (name) { return folder + 'shard-' + name + '.js'; }), function () {
        state.ranked = terms.length ? rank(terms) : [];
        var numbers = state.ranked.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
        var files = {};
        numbers.forEach(function (number) { files[Math.floor(number / state.config.documentsPerFile)] = true; });
        loadScripts(Object.keys(files).map(function (file) { return folder + 'docs-' + file + '.js'; }), function () {
          render(results, status, siteRoot, query, numbers, page);
          results.setAttribute('aria-busy', 'false');
        });
      });
    });
  }

  window.wenjinSearch = {
    configure: function (config) { state.config = config; },
    addShard: function (name, terms) { state.shards[name] = terms; },
    addDocuments: function (number, entries) { state.documents[number] = entries; },
    termsOfQuery: termsOfQuery,
    shardOf: shardOf
  };

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start);
  } else {
    start();
  }
})();
