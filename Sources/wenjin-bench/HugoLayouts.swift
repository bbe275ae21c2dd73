// The Hugo export's configuration and layouts: the pages wenjin's theme renders
// (Themes/default/templates), written as Go templates over the same Bootstrap markup, and the
// same files beside them: Hugo's sitemap, robots.txt, an RSS feed of the site and of each topic
// (wenjin writes Atom ones), and a search index as a Hugo site makes one (a JSON file of every
// question, answer and article's text, made by the home page's JSON output).
import Foundation
import WenjinConfig

enum HugoLayouts {
    static func write(into out: URL, config: SiteConfig) throws {
        let settings: [String: Any] = [
            "baseURL": config.baseURL?.absoluteString ?? "https://archive.example.org/",
            "title": config.title,
            "languageCode": "zh-Hans",
            // `questions/3521.html` as wenjin writes it, so the bodies' relative links resolve;
            // relative links everywhere, so the site opens from disk as wenjin's does.
            "uglyURLs": true,
            "relativeURLs": true,
            "paginate": 30,
            "rssLimit": 30,
            "enableRobotsTXT": true,
            "disableHugoGeneratorInject": true,
            "taxonomies": ["topic": "topics", "user": "users", "list": "lists"],
            "outputs": ["home": ["HTML", "RSS", "JSON"], "section": ["HTML"], "taxonomy": ["HTML"], "term": ["HTML"], "page": ["HTML"]],
        ]
        try JSONSerialization.data(withJSONObject: settings, options: [.prettyPrinted, .sortedKeys])
            .write(to: out.appendingPathComponent("config.json"))
        for (path, text) in files {
            let url = out.appendingPathComponent("layouts").appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    static let files: [(String, String)] = [
        ("_default/baseof.html", #"""
        <!doctype html>
        <html lang="zh-Hans">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{ if not .IsHome }}{{ .Title }} - {{ end }}{{ site.Title }}</title>
        <meta name="description" content="{{ with .Description }}{{ . }}{{ else }}{{ .Summary | plainify | truncate 120 }}{{ end }}">
        <link rel="canonical" href="{{ .Permalink }}">
        <link rel="icon" href="{{ "assets/icon-48.png" | relURL }}">
        <link rel="stylesheet" href="{{ "assets/vendor/bootstrap.min.css" | relURL }}">
        <link rel="stylesheet" href="{{ "assets/css/site.css" | relURL }}">
        <script src="{{ "assets/js/color-scheme.js" | relURL }}"></script>
        {{ with site.Home.OutputFormats.Get "rss" }}<link rel="alternate" type="application/rss+xml" href="{{ .RelPermalink }}" title="{{ site.Title }}">{{ end }}
        </head>
        <body>
        <nav class="navbar navbar-expand-lg border-bottom mb-4"><div class="container">
        <a class="navbar-brand" href="{{ "index.html" | relURL }}">{{ site.Title }}</a>
        <ul class="navbar-nav me-auto">
        <li class="nav-item"><a class="nav-link" href="{{ "index.html" | relURL }}">问题</a></li>
        <li class="nav-item"><a class="nav-link" href="{{ "lists/unanswered.html" | relURL }}">待回答</a></li>
        <li class="nav-item"><a class="nav-link" href="{{ "articles.html" | relURL }}">文章</a></li>
        <li class="nav-item"><a class="nav-link" href="{{ "topics.html" | relURL }}">话题</a></li>
        <li class="nav-item"><a class="nav-link" href="{{ "users.html" | relURL }}">用户</a></li>
        <li class="nav-item"><a class="nav-link" href="{{ "about.html" | relURL }}">关于</a></li>
        </ul>
        <form class="d-flex" role="search" action="{{ "search.html" | relURL }}"><input class="form-control" type="search" name="q" placeholder="搜索"></form>
        </div></nav>
        <main class="container">{{ block "main" . }}{{ end }}</main>
        <footer class="container border-top mt-5 py-3 small text-muted">{{ site.Title }} · 静态存档</footer>
        <script src="{{ "assets/vendor/bootstrap.bundle.min.js" | relURL }}" defer></script>
        {{ block "scripts" . }}{{ end }}
        </body>
        </html>
        """#),
        ("partials/person.html", #"""
        {{ $avatar := .avatar | default "assets/img/avatar.svg" }}{{ if .id }}<a class="wj-user d-inline-flex align-items-center gap-2" href="{{ printf "users/%v.html" .id | relURL }}"><img class="rounded" src="{{ $avatar | relURL }}" width="32" height="32" alt="" loading="lazy"> {{ .name }}</a>{{ else }}<span class="wj-user d-inline-flex align-items-center gap-2"><img class="rounded" src="{{ $avatar | relURL }}" width="32" height="32" alt=""> {{ .name }}</span>{{ end }}
        """#),
        ("partials/comment.html", #"""
        <li class="list-group-item small wj-comment" id="comment-{{ .id }}">{{ if .author.id }}<a href="{{ printf "users/%v.html" .author.id | relURL }}">{{ .author.name }}</a>{{ else }}{{ .author.name }}{{ end }}{{ with .reply_to }} 回复 {{ . }}{{ end }}：{{ .text }} <time class="text-muted" datetime="{{ .date }}">{{ time.Format "2006-01-02 15:04" .date }}</time></li>
        """#),
        ("partials/post-item.html", #"""
        <li class="list-group-item wj-item"><a class="fw-semibold" href="{{ .RelPermalink }}">{{ .Title }}</a>
        <div class="small text-muted">{{ with .Params.asker }}{{ .name }} · {{ end }}{{ with .Params.author }}{{ .name }} · {{ end }}{{ if eq .Section "questions" }}{{ .Params.answer_count }} 个回答 · {{ end }}{{ .Params.views }} 次浏览 · {{ with .Params.asked }}提问于 <time datetime="{{ . }}">{{ time.Format "2006-01-02" . }}</time> · 最后活动 {{ else }}发表于 {{ end }}<time>{{ .Date.Format "2006-01-02" }}</time>
        {{ range .GetTerms "topics" }}<a class="badge text-bg-light" href="{{ .RelPermalink }}">{{ .LinkTitle }}</a> {{ end }}</div></li>
        """#),
        ("partials/post-list.html", #"""
        <ul class="list-group list-group-flush wj-list">{{ range .Paginator.Pages }}{{ partial "post-item.html" . }}{{ end }}</ul>
        {{ partial "pagination.html" . }}
        """#),
        // The page links wenjin's lists show (`Pagination`): the first and last pages, two on
        // either side of this one, gaps between. Hugo's own `_internal/pagination.html` walks every
        // pager of the list on each of its pages, so a list of N pages costs N² (the home list at
        // 100,000 questions has 3,334): a cost of that template, not of the content.
        ("partials/pagination.html", #"""
        {{ $pag := .Paginator }}{{ if gt $pag.TotalPages 1 }}{{ $low := sub $pag.PageNumber 2 }}{{ if lt $low 1 }}{{ $low = 1 }}{{ end }}{{ $high := add $pag.PageNumber 2 }}{{ if gt $high $pag.TotalPages }}{{ $high = $pag.TotalPages }}{{ end }}
        <nav aria-label="分页" class="mt-4"><ul class="pagination flex-wrap">
        {{ with $pag.Prev }}<li class="page-item"><a class="page-link" href="{{ .URL }}" rel="prev">上一页</a></li>{{ end }}
        {{ if gt $low 1 }}<li class="page-item"><a class="page-link" href="{{ $pag.First.URL }}">1</a></li>{{ if gt $low 2 }}<li class="page-item disabled"><span class="page-link">…</span></li>{{ end }}{{ end }}
        {{ range seq $low $high }}{{ $pager := index $pag.Pagers (sub . 1) }}<li class="page-item{{ if eq . $pag.PageNumber }} active{{ end }}"><a class="page-link" href="{{ $pager.URL }}"{{ if eq . $pag.PageNumber }} aria-current="page"{{ end }}>{{ . }}</a></li>{{ end }}
        {{ if lt $high $pag.TotalPages }}{{ if lt $high (sub $pag.TotalPages 1) }}<li class="page-item disabled"><span class="page-link">…</span></li>{{ end }}<li class="page-item"><a class="page-link" href="{{ $pag.Last.URL }}">{{ $pag.TotalPages }}</a></li>{{ end }}
        {{ with $pag.Next }}<li class="page-item"><a class="page-link" href="{{ .URL }}" rel="next">下一页</a></li>{{ end }}
        </ul></nav>{{ end }}
        """#),
        ("index.html", #"""
        {{ define "main" }}<h1 class="h4">最近活动的问题</h1>{{ $paginator := .Paginate (site.GetPage "/questions").Pages }}{{ partial "post-list.html" . }}{{ end }}
        """#),
        ("index.json", #"""
        [{{ range $i, $page := where site.RegularPages "Section" "in" (slice "questions" "articles") }}{{ if $i }},{{ end }}{{ dict "t" .Title "u" .RelPermalink "x" .Plain | jsonify }}{{ range .Params.answers }},{{ dict "u" (printf "%s#answer-%v" $page.RelPermalink .id) "x" (plainify .html) | jsonify }}{{ end }}{{ end }}]
        """#),
        ("lists/term.html", #"""
        {{ define "main" }}<h1 class="h4">{{ .Title }}</h1>{{ $paginator := .Paginate .Pages }}{{ partial "post-list.html" . }}{{ end }}
        """#),
        ("articles/list.html", #"""
        {{ define "main" }}<h1 class="h4">{{ .Title }}</h1>{{ $paginator := .Paginate .Pages }}{{ partial "post-list.html" . }}{{ end }}
        """#),
        ("questions/single.html", #"""
        {{ define "main" }}<div class="row g-4"><div class="col-lg-8 wj-thread">
        <article class="wj-question wj-post" id="question" aria-labelledby="question-title">
        <h1 class="h3" id="question-title">{{ .Title }}</h1>
        <ul class="wj-meta list-inline small text-muted mb-2">
        <li class="list-inline-item">提问于 <time datetime="{{ .Params.asked }}">{{ time.Format "2006-01-02 15:04" .Params.asked }}</time></li>
        <li class="list-inline-item">最后活动 <time datetime="{{ .Date.Format "2006-01-02T15:04:05Z07:00" }}">{{ .Date.Format "2006-01-02 15:04" }}</time></li>
        <li class="list-inline-item">浏览 {{ .Params.views }} 次</li><li class="list-inline-item">{{ .Params.focus }} 人关注</li>
        </ul>
        <div class="mb-2">{{ range .GetTerms "topics" }}<a class="badge text-bg-light" href="{{ .RelPermalink }}">{{ .LinkTitle }}</a> {{ end }}</div>
        {{ with .Content }}<div class="wj-body">{{ . }}</div>{{ end }}
        <div class="wj-post-foot">{{ partial "person.html" .Params.asker }} <a class="wj-permalink small" href="#question">链接</a></div>
        </article>
        <h2 class="h5 mt-4 mb-3" id="answers">{{ .Params.answer_count }} 个回答</h2>
        <div class="wj-answers">{{ range .Params.answers }}
        <article class="wj-post wj-answer{{ if .best }} wj-best{{ end }}" id="answer-{{ .id }}" data-votes="{{ .votes }}">
        <div class="wj-vote-column text-center" aria-hidden="true"><strong>{{ .votes }}</strong><small>票</small>{{ if .best }}<span class="wj-best-mark" title="最佳回答">✓</span>{{ end }}</div>
        <div class="wj-post-main">{{ if .best }}<p class="mb-2"><span class="badge text-bg-success">最佳回答</span></p>{{ end }}
        <div class="wj-body">{{ .html | safeHTML }}</div>
        <div class="wj-post-foot">{{ partial "person.html" .author }}{{ with .date }} <time class="small text-muted" datetime="{{ . }}">{{ time.Format "2006-01-02 15:04" . }}</time>{{ end }} <a class="wj-permalink small" href="#answer-{{ .id }}">链接</a></div>
        {{ with .comments }}<ul class="list-group list-group-flush mt-3 wj-comments">{{ range . }}{{ partial "comment.html" . }}{{ end }}</ul>{{ end }}
        </div></article>{{ else }}<p class="text-muted">还没有回答</p>{{ end }}</div>
        </div>
        <aside class="col-lg-4 wj-sidebar"><h2 class="h6">相关问题</h2>
        {{ with .Params.related }}<ul class="list-unstyled small wj-related">{{ range . }}<li><a href="{{ .url | relURL }}">{{ .title }}</a> <span class="text-muted">· {{ .answers }} 个回答</span></li>{{ end }}</ul>{{ else }}<p class="small text-muted">没有相关问题</p>{{ end }}
        </aside></div>{{ end }}
        {{ define "scripts" }}<script src="{{ "assets/vendor/jquery.min.js" | relURL }}" defer></script><script src="{{ "assets/js/reader.js" | relURL }}" defer></script>{{ end }}
        """#),
        ("articles/single.html", #"""
        {{ define "main" }}<article class="wj-post" id="article">
        <h1 class="h3">{{ .Title }}</h1>
        <ul class="wj-meta list-inline small text-muted mb-2"><li class="list-inline-item">发表于 <time datetime="{{ .Date.Format "2006-01-02T15:04:05Z07:00" }}">{{ .Date.Format "2006-01-02 15:04" }}</time></li>
        <li class="list-inline-item">浏览 {{ .Params.views }} 次</li><li class="list-inline-item">{{ .Params.votes }} 票</li></ul>
        <div class="wj-body">{{ .Content }}</div>
        <div class="wj-post-foot">{{ partial "person.html" .Params.author }}</div>
        {{ with .Params.comments }}<h2 class="h5 mt-4">{{ len . }} 条评论</h2><ul class="list-group list-group-flush wj-comments">{{ range . }}{{ partial "comment.html" . }}{{ end }}</ul>{{ end }}
        </article>{{ end }}
        {{ define "scripts" }}<script src="{{ "assets/vendor/jquery.min.js" | relURL }}" defer></script><script src="{{ "assets/js/reader.js" | relURL }}" defer></script>{{ end }}
        """#),
        ("_default/taxonomy.html", #"""
        {{ define "main" }}<h1 class="h4">{{ .Title }}</h1>{{ $paginator := .Paginate .Pages 120 }}
        <ul class="row list-unstyled wj-names">{{ range $paginator.Pages }}<li class="col-md-4 mb-2"><a href="{{ .RelPermalink }}">{{ .LinkTitle }}</a> <span class="text-muted small">{{ len .Pages }}</span></li>{{ end }}</ul>
        {{ partial "pagination.html" . }}{{ end }}
        """#),
        ("users/term.html", #"""
        {{ define "main" }}<header class="d-flex align-items-center gap-3 mb-4"><img class="rounded" src="{{ .Params.avatar | default "assets/img/avatar.svg" | relURL }}" width="96" height="96" alt="">
        <div><h1 class="h3">{{ .Title }}</h1>{{ with .Params.signature }}<p class="text-muted">{{ . }}</p>{{ end }}
        {{ with .Params.counts }}<ul class="list-inline small text-muted"><li class="list-inline-item">{{ .questions }} 问题</li><li class="list-inline-item">{{ .answers }} 回答</li><li class="list-inline-item">{{ .agree }} 赞同</li><li class="list-inline-item">{{ .thanks }} 感谢</li><li class="list-inline-item">{{ .fans }} 关注者</li></ul>{{ end }}</div></header>
        {{ $paginator := .Paginate .Pages }}{{ partial "post-list.html" . }}{{ end }}
        """#),
        ("topics/term.html", #"""
        {{ define "main" }}<header class="mb-4"><h1 class="h3">{{ .Title }}</h1>{{ with .Params.description }}<p class="text-muted">{{ . }}</p>{{ end }}<p class="small text-muted">{{ .Params.focus }} 人关注</p></header>
        {{ $paginator := .Paginate .Pages }}{{ partial "post-list.html" . }}{{ end }}
        """#),
        ("_default/search.html", #"""
        {{ define "main" }}<h1 class="h4">{{ .Title }}</h1><form role="search"><input class="form-control" type="search" name="q" placeholder="搜索问题、回答和文章"></form><div id="results"></div>{{ end }}
        {{ define "scripts" }}<script src="{{ "assets/js/search.js" | relURL }}" defer></script>{{ end }}
        """#),
        ("_default/about.html", #"""
        {{ define "main" }}<h1 class="h4">{{ .Title }}</h1><p>{{ site.Title }} 的静态存档：{{ len (where site.RegularPages "Section" "questions") }} 个问题，{{ len (where site.RegularPages "Section" "articles") }} 篇文章。</p>{{ end }}
        """#),
        ("404.html", #"""
        {{ define "main" }}<h1 class="h4">找不到这个页面</h1><p><a href="{{ "index.html" | relURL }}">回到首页</a></p>{{ end }}
        """#),
    ]
}
