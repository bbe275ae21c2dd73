/// The words the sample community is written with: a Tianjin University campus in 2015,
/// as its students wrote about it. Plain text as typed (not yet escaped).
enum SampleVocabulary {
    static let topicTitles = [
        "默认话题", "问津", "新生", "北洋园", "自习", "编程", "食堂", "图书馆", "卫津路", "考研",
        "保研", "出国", "实习", "求职", "宿舍", "社团", "天外天", "选课", "期末考试", "体育",
        "数学", "物理", "化学", "英语", "建筑", "机械", "电子", "计算机", "软件工程", "管理",
        "法学", "文学", "摄影", "音乐", "电影", "旅行", "美食", "跑步", "篮球", "足球",
        "羽毛球", "游泳", "校园网", "快递", "校车", "奖学金", "志愿者", "创业",
    ]
    static let topicPrefixes = ["北洋", "卫津路", "海河", "青年湖", "敬业湖", "六里台", "天大", "津南"]

    static let topicDescriptions = [
        "关于%@的一切问题都可以在这里讨论。", "%@相关的经验、攻略和吐槽。",
        "欢迎大家分享%@方面的心得 & 资料。", "这里是%@话题，请文明讨论，不要发广告。", "",
    ]

    static let familyNames = ["王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "徐", "孙", "胡", "朱", "高", "林", "何", "郭", "马", "罗"]
    static let nickStems = [
        "小北", "自习党", "天外天小编", "北洋人", "海棠", "青年湖畔", "夜猫子", "学霸", "码农", "吃货",
        "跑者", "摄影师", "考研狗", "新生", "学长", "学姐", "路人甲", "匆匆", "晴天", "星辰",
    ]
    static let majors = ["建筑学院", "精仪学院", "电信学院", "计算机学院", "化工学院", "管理学院", "外国语学院", "数学学院", "环境学院", "软件学院"]
    static let grades = ["大一", "大二", "大三", "大四", "研一", "研二", "博士"]

    static let questionOpeners = [
        "请问", "有没有人知道", "求助：", "想问一下", "大家觉得", "新生提问：", "急！", "吐槽一下，", "",
    ]
    static let questionSubjects = [
        "北洋园校区的自习室晚上几点关门", "图书馆可以带外卖进去吗", "食堂哪个窗口的麻辣香锅最好吃",
        "C++ & Java 先学哪个", "考研数学一应该怎么复习", "卫津路到北洋园的校车几点发车",
        "宿舍可以用电饭锅吗", "选课系统总是崩怎么办", "四六级什么时候报名", "校园网怎么连不上了",
        "哪个社团最值得加入", "实习和考研怎么平衡", "体测跑步有什么技巧", "快递点周末开门吗",
        "奖学金评定看哪些方面", "期末考试可以带计算器吗", "篮球场晚上有灯吗", "保研夏令营怎么准备",
        "学校附近有什么好吃的", "出国交换需要什么条件", "<大一新生>该买什么电脑", "毕业设计选题有什么建议",
    ]
    static let questionClosers = ["？", "？？", "?", "？求解答", "？谢谢大家", "？在线等"]

    static let sentences = [
        "想知道33楼和45楼的情况。", "另外周末开不开？", "我一般晚上十点以后去，人比较少。",
        "楼上说得对，考试周会延长到23:00。", "二食堂二楼的味道最好，就是排队太久。",
        "其实先学哪个都行，关键是多写代码。", "建议先把课本上的例题全部做一遍。", "可以去天外天的网站上查一下通知。",
        "这个问题去年也有人问过，可以搜索一下。", "亲测有效，谢谢分享！", "我觉得一般般，太咸了。",
        "校车时刻表贴在东门的公告栏上。", "图书馆三楼的阅览区不能吃东西 & 喝饮料。", "宿舍禁止使用大功率电器，会跳闸的。",
        "选课的时候尽量早点登录，开放后十分钟就满了。", "四六级报名一般在开学后第三周。", "体测1000米注意前半程不要冲太快。",
        "快递点周末上午开门，下午三点关门。", "奖学金主要看成绩和综合测评。", "期末考试能不能带计算器要看老师要求。",
        "篮球场的灯晚上十点关。", "夏令营的材料要提前准备好，特别是推荐信。", "学校东门外有一家很好吃的煎饼果子。",
        "交换项目需要雅思6.5以上。", "电脑买轻薄本就够了，编程也不用太高配置。", "选题最好和导师多沟通。",
        "说 \"零基础\" 的同学可以从 Python 开始。", "a < b 并且 c > d 的时候要注意边界。", "天大的秋天真的很美 🍂",
        "今天的北洋园人好多 😂", "加油！💪", "有问题可以私信我。",
    ]
    static let commentTexts = [
        "谢谢！", "收藏了", "有道理", "学到了 <3", "楼主加油", "45楼呢？", "同问", "请问具体在哪里？",
        "已解决，谢谢大家", "👍", "说得好 & 很有用", "我也是这么想的", "不太同意", "求更新",
    ]
    static let articleTitles = [
        "问津使用指南（%d 秋）", "新生入学攻略 %d", "北洋园校区生活手册 %d", "期末复习资料汇总（第%d期）",
        "天外天招新啦 & 欢迎加入 %d", "图书馆使用小贴士 %d", "校园跑步路线推荐 %d",
    ]
    static let outsideLinks = [
        "https://www.example.com/notice?id=1&from=wenjin", "http://www.tju.edu.cn/", "https://github.com/twtstudio",
        "https://en.wikipedia.org/wiki/Tianjin_University", "http://news.example.org/2015/11/campus.html",
    ]
    static let codeSnippets = [
        "int main() { return 0; }", "print(\"hello\")\nif a < b and c > d: pass", "for i in range(10):\n    print(i)",
        "SELECT * FROM questions WHERE id = 1;",
    ]

    /// Markup an old forum really holds: typed before escaping, imported, or pasted by an admin.
    static let hostileSnippets = [
        "<script>alert(\"xss\")</script>", "<img src=x onerror=alert(1)>", "<a href=\"javascript:alert(1)\">点我领奖</a>",
        "<iframe src=\"http://evil.example/\"></iframe>", "<div style=\"background:url(javascript:alert(1))\">广告</div>",
        "<a href=\" jav&#x09;ascript:alert(2)\">链接</a>", "<svg onload=alert(3)><circle r=\"1\"/></svg>",
        "<form action=\"http://evil.example/\"><input name=\"password\"></form>", "<style>body{display:none}</style>",
        "<script src=\"http://wenjin.in/static/js/app/app.js\"></script>",
    ]
}
