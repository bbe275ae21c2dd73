// Reading a long thread (question and article pages only, after jQuery, both deferred):
// answers sorted by votes, oldest or newest; a copy button on each post's link; body images
// opened full size in a lightbox; code blocks highlighted, with a copy button. Every page
// reads completely without it: the links, images and code are there either way.
jQuery(function ($) {
  "use strict";

  // Sorting. The page's own order (best answer first, then by votes) is the "votes" order.
  var $answers = $(".wj-answers");
  var $items = $answers.children("article.wj-answer, .wj-withdrawn");
  $items.each(function (index) { $(this).attr("data-page-order", index); });
  $(".wj-sort").prop("hidden", false).on("click", "button[data-sort]", function () {
    var order = $(this).attr("data-sort");
    $(this).addClass("active").attr("aria-pressed", "true").siblings().removeClass("active").attr("aria-pressed", "false");
    var sorted = $items.get().sort(function (a, b) {
      var pageOrder = Number(a.getAttribute("data-page-order")) - Number(b.getAttribute("data-page-order"));
      if (order === "votes") return pageOrder;
      // Withdrawn answers carry no time: they keep to the end.
      var ta = a.hasAttribute("data-time") ? Number(a.getAttribute("data-time")) : null;
      var tb = b.hasAttribute("data-time") ? Number(b.getAttribute("data-time")) : null;
      if (ta === null || tb === null) return (ta === null) - (tb === null) || pageOrder;
      return (order === "oldest" ? ta - tb : tb - ta) || pageOrder;
    });
    $answers.append(sorted);
  });

  // Copy-link: the link still goes to the post (and highlights it); the address is copied too.
  $(".wj-permalink[data-copy-label]").each(function () {
    var $link = $(this);
    if (!navigator.clipboard) return;
    var $button = $('<button type="button" class="btn btn-link btn-sm p-0 ms-2 wj-copy-link"></button>').text($link.attr("data-copy-label"));
    $button.on("click", function () {
      var address = location.href.split("#")[0] + $link.attr("href");
      navigator.clipboard.writeText(address).then(function () {
        $button.text($link.attr("data-copied-label"));
        setTimeout(function () { $button.text($link.attr("data-copy-label")); }, 2000);
      });
    });
    $link.after($button);
  });

  // Lightbox: a body image that is not itself a link opens full size; a click or Escape closes.
  $(".wj-body").on("click", "img", function (event) {
    if ($(this).closest("a").length) return;
    event.preventDefault();
    var $box = $('<div class="wj-lightbox" role="dialog" aria-modal="true" tabindex="-1"></div>')
      .attr("aria-label", $(this).attr("alt") || document.title)
      .append($("<img alt=''>").attr("src", this.currentSrc || this.src));
    var opener = this;
    function close() { $box.remove(); $(document).off("keydown.wjLightbox"); $(opener).trigger("focus"); }
    $box.on("click", close);
    $(document).on("keydown.wjLightbox", function (key) { if (key.key === "Escape") close(); });
    $("body").append($box);
    $box.trigger("focus");
  });

  // Code: keywords, strings and comments coloured in plain-text blocks; a copy button on each.
  var keywords = /\b(?:if|else|for|while|return|function|def|class|import|from|int|void|public|private|static|const|let|var|true|false|null|None|True|False|and|or|not|in|struct|func|include|using|namespace|new|try|catch|pass)\b/;
  var token = new RegExp("(\\/\\/[^\\n]*|#[^\\n]*|\"(?:[^\"\\\\\\n]|\\\\.)*\"|'(?:[^'\\\\\\n]|\\\\.)*'|" + keywords.source + ")", "g");
  function escape(text) { return $("<span>").text(text).html(); }
  $(".wj-body pre").each(function () {
    var pre = this;
    if (pre.children.length === 0) {
      var text = pre.textContent, html = "", last = 0, match;
      token.lastIndex = 0;
      while ((match = token.exec(text)) !== null) {
        var kind = /^(\/\/|#)/.test(match[0]) ? "comment" : /^["']/.test(match[0]) ? "string" : "keyword";
        html += escape(text.slice(last, match.index)) + '<span class="wj-code-' + kind + '">' + escape(match[0]) + "</span>";
        last = token.lastIndex;
      }
      pre.innerHTML = html + escape(text.slice(last));
    }
    if (navigator.clipboard) {
      var source = pre.textContent;
      var $copy = $('<button type="button" class="btn btn-sm btn-outline-secondary wj-copy-code"></button>').text(document.body.getAttribute("data-label-copy-code"));
      $copy.on("click", function () { navigator.clipboard.writeText(source); });
      $(pre).append($copy);
    }
  });

  // For tests and styles: the enhancements are in place.
  document.documentElement.setAttribute("data-reader", "ready");
});
