"""The words that tell a claim's kind: advice, hedges, gaps, causes, negations, meta talk, smuggled facts."""

from __future__ import annotations

import re

from evidence_trace.server.domain.model import ClaimKind

# a heading of what was done reports facts, whatever it calls them: "Actions taken", "Mitigation applied", "What we
# did", "已采取的措施", "已执行的修复", "处理过程"
_SECTION_DONE = (
    r"(?:actions?|steps|mitigations?|fix(?:es)?|remediation|changes)[ \t]+(?:taken|performed|done|applied|completed|made|"
    r"so far)|what (?:was|we|i|we've|i've|we have|i have) (?:done|did)|已(?:经)?(?:采取|执行|完成|做|实施)|(?:处理|操作)(?:过程|记录)"
)
_SECTION_ADVICE = re.compile(
    r"^(?![^\n]*(?:" + _SECTION_DONE + r"))[^\n]*?(?:"
    r"recommend|next steps?|action items?|actions|mitigation|remediation|what to do|suggest|fix(?:es)?\b|follow[- ]?ups?"
    # a heading of options is one of ways to act ("## Options", "Fix options", "可选方案"), not "Configuration options"
    r"|^[ \t#*]*(?:[0-9]+[.)][ \t]*)?(?:(?:fix|remediation|mitigation|possible|recovery|resolution)[ \t]+)?options\b"
    r"|建议|后续|下一步|处理措施|修复|措施|行动|(?:处理|解决|可选)方案)",
    re.I,
)
_SECTION_HEDGE = re.compile(
    r"hypothes|possible causes?|potential causes?|suspect|unverified|not (?:yet )?(?:verified|confirmed)|open questions?"
    r"|speculat|可能(?:原因)?|推测|假设|待确认|未确认|疑似",
    re.I,
)
_SECTION_GAP = re.compile(
    r"could not (?:be )?(?:check|verif|confirm)|couldn't|not (?:yet )?(?:checked|verified|looked at)|didn't check"
    r"|gaps?|limitations?|unknowns?|caveats?|open questions?"
    r"|无法确认|未能|缺失|局限|没查|未查|没有查|未检查|没有检查|没看|未覆盖|待查|待确认|待核实",
    re.I,
)

_IMPERATIVES = (
    "restart|raise|increase|decrease|reduce|lower|scale|add|remove|roll|rollback|revert|check|verify|investigate|"
    "monitor|review|consider|set|tune|enable|disable|update|upgrade|downgrade|configure|adjust|bump|move|migrate|"
    "drain|cordon|evict|clear|flush|purge|rotate|replace|restore|retry|rerun|re-run|page|escalate|contact|notify|"
    "open|file|create|deploy|redeploy|apply|patch|fix|limit|throttle|cap|shed|failover|switch|pin|tighten|loosen|"
    "double|halve|keep|watch|track|confirm|ensure|make|look|audit|profile|run|kill|stop|start|pause|resume|"
    "backfill|allocate|provision|expand|extend|shorten|implement|introduce|use|avoid|block|reindex|vacuum|analyze|"
    "compact|inspect|examine|query|search|collect|gather|capture|dump|test|validate|reproduce|benchmark|document|"
    "alert|silence|acknowledge|ack|mute|wait|let|try|plan|schedule|coordinate|communicate|inform|ask|reach|engage|"
    "isolate|quarantine|cut|trim|shrink|grow|resize|rebalance|reconfigure|recreate|rebuild|reboot|bounce|cycle"
)
# verbs that also name things a Chinese sentence speaks of ("cancel 和 healthz 都是 0", "reload 前为 0"): advice only
# when English follows them ("cancel it with …", "Reload the config")
_NAMING_IMPERATIVES = "cancel|invalidate|revoke|reload|terminate|abort|resubmit|requeue|convert"
# Chinese imperatives at a clause's start ("或调大 buffer.memory", "先回滚到 v1.8.0", "再扩容一个节点").
_ZH_IMPERATIVES = (
    "调大|调高|调小|调低|增加|减少|降低|提高|扩容|缩容|重启|回滚|检查|升级|降级|调整|替换|切换|清理|限流|关闭|打开|"
    "开启|禁用|启用|排查|确认|联系|通知|观察|监控|修改|设置|配置|优化|迁移|拆分|合并|下线|上线|看看|看一下|查一下|拉一下|"
    "登录|登上|查看|核对|收集|抓取|评估"
)
_ADVICE_START = re.compile(
    # a prohibition is advice too: "Don't restart the replica yourself", "不要在从库上手动跳过错误"
    r"^(?:don't|do not|avoid)\s+\w+|^(?:不要|别|切勿|请勿|避免|千万别|先别)"
    rf"|^(?:please\s+|then\s+|also\s+|first,?\s+|next,?\s+|finally,?\s+|now\s+|or\s+|and\s+)?(?:{_IMPERATIVES}"
    rf"|(?:{_NAMING_IMPERATIVES})(?![ \t]*[\u3400-\u9fff：:]))(?![\w\-.:/])"
    # an English verb as the subject of a Chinese predicate names the operation: "restore 已经完成", "rollback 失败了"
    r"(?![ \t]*(?:已经?|正在|仍|还在|一直|是|为|被|失败|成功|完成|结束|的))"
    # "Silence 5b0c7e94 was created by …", "Run 4 was fast": a noun with its id, then a verb that tells
    # ("Alert #19 (requests, CVE-2024-35195) is still open": an aside may stand between the id and its verb)
    # ("Run llm-eval-nightly (0e7c…) is still RUNNING": a name joined by "-" or "_" names one as a figure does;
    # a verb whose object is a clause still advises: "Check db-01 is reachable", "verify node-3 is Ready"; a check's
    # number names it: "Check 88 (disk, /var) remains failing")
    r"(?:(?:(?<=check)|(?<=verify)|(?<=confirm)|(?<=ensure))(?![ \t]+#?[0-9]+\b)"  # ("Check 88 (disk) remains …")
    r"|(?![ \t]+`?#?[\w.:/-]*[0-9_-][\w.:/-]*`?(?:[ \t]*[(（][^()（）\n]{0,80}[)）][ \t]*|[ \t]+)(?:is|was|were|are|has|had|"
    r"matches|matched|ran|runs|expires|expired|failed|succeeded|shows|showed|started|ended|covers|fired|remains|stays)\b))"
    # "重启 0 次", "重试了 3 次": a verb with its count is what happened, not advice
    rf"|^(?:或者?|并且?|再|然后|先|同时|另外|也可以|可以)?\s*(?:{_ZH_IMPERATIVES})(?!\s*(?:了|过)?\s*[0-9]+\s*(?:次|遍|回))"
    # a verb that modifies the noun after it names a thing: "登录接口的 p95 …", "监控数据显示 …", "配置文件里 …";
    # a time after it: "回滚在 14:20 完成", "重启于 03:12" tell when it happened
    r"(?!接口|页面|服务|数据|指标|文件|结果|记录|日志|请求|流程|次数|状态|脚本|任务|队列|的|\s*[在于]\s*[0-9])"
    # "扩容 #42 已经完成", "重启 7d2e91c4 失败了": the action's record by its id, then what became of it
    r"(?!\s*`?#?[\w.:/-]*[0-9][\w.:/-]*`?\s*(?:已经?|是|在|于|由|被|失败|成功|完成))"
    # the verb's noun, then what became of it: "通知发给 linux-oncall", "重启已完成", "回滚失败了", "扩容被拒绝"
    r"(?!\s*(?:发给|发到|发送到|会发|被|失败|成功|完成|结束|已经?(?:完成|结束|成功|失败)|正在))",
    re.I,
)
_ADVICE_CUE = re.compile(
    # not inside a name: "/v1/suggest", "recommendation-svc", "should_retry" are no advice
    r"(?<![/_.\-])\b(?:should|shall we|recommend(?:ed|s|ation)?|suggest(?:ed|s|ion)?|consider(?:ing)?|next steps?|"
    r"it would be (?:good|wise|best|worth)|ought to|we need to|you need to|need to be|worth (?:checking|investigating)|"
    r"it is advisable|action item|to mitigate|to prevent)\b(?![/_\-])"
    # the writer's own next step: "I'd check the per-pod rate next", "I would look at ...", "我会先看 ..."
    r"|\b(?:i'd|i would|we'd|we would|i'll|i will|let's)\s+(?:\w+\s+)?(?:check|look|verify|inspect|investigate|"
    r"confirm|compare|watch|review|dig|start|roll|restart|revert|scale|raise|increase|bump|drain|cordon|add|"
    r"reduce|lower|disable|enable|pin|page|escalate|retry|rerun|re-run|run|query|pull|fetch|search|try|grab|collect|"
    r"capture|narrow|widen|ask|open|file|rerun)\b|我(?:会|将|打算|准备)(?:先|再|接着)?(?:看|查|检查|确认|排查|对比|重试|拉|抓)"
    # an option offered to the reader: "you could raise maxReplicas", "you may want to drain it", "可以把 X 调到 40"
    r"|\b(?:you|we)\s+(?:could|can|might|may want to|may wish to)\s+(?:also\s+)?(?:raise|increase|bump|lower|reduce|"
    r"set|add|scale|restart|roll|revert|drain|cordon|disable|enable|pin|move|switch|try|check|look)\b"
    r"|可以(?:把|将|先|考虑|尝试|试着)"
    r"|建议|应该|应当|需要|可以考虑|请(?!求)|下一步|后续|务必|最好"
    # what it would take to know or do: "要用 _cat/shards 才能确认", "you'd need the audit log to confirm it"
    r"|要用|得用|才能(?:确认|判断|知道|确定|看到|排除|定位)|(?:\b(?:would|will)|['’](?:d|ll)) need\b|\bto confirm (?:this|that|it|whether)\b"
    # a way to find out, offered: "可以用 `_cluster/allocation/explain` 确认", "can be confirmed with `X`"
    r"|可以(?:用|通过|借助)[^，。；,;]{1,60}?(?:确认|查看|确定|验证|核实|定位|排查)"
    r"|\bcan be (?:confirmed|checked|verified|seen) (?:with|via|using|by running)\b"
    # options listed, a change that would fix it: "Options: reduce …", "把 X 改成一致即可恢复"
    r"|^\W*(?:options?|alternatives?|fix|mitigation|remediation|workaround)\s*:"
    # what to do, after its purpose: "To unblock today: load it as STRING …", "To stop the bleeding, …"
    r"|^\W*to\s+(?:unblock|unstick|fix|resolve|recover|mitigate|prevent|avoid|stop|restore|free|clear|speed\s+up)\b"
    r"[^:：,，.]{0,40}[:：,，]"
    r"|把[^，。；,;]{1,40}?(?:改成|改为|调成|调到|调大|调小|设为|设置为|换成|回滚到)[^，。；,;了]{0,20}?(?:即可|就行|就可以|就能)",
    re.I,
)
_HEDGE_CUE = re.compile(
    # what the writer did not check: "I haven't verified which services do", "不知道 …，也没查 …"
    r"\b(?:i|we)\s+(?:haven't|have not|didn't|did not|couldn't|could not)\s+(?:yet\s+)?(?:verified|verify|checked|"
    r"check|confirmed|confirm|looked|look|identified|identify|determined|determine|found out|pinned down|established)\b"
    r"|不知道|没查|没有查|未查|没有核实|未核实|没有确认|没来得及"
    r"|(?:没有|没|未|并未)(?:逐条|逐一|再|进一步|单独)?(?:验证|核实|核对|统计|拆分)"
    # a condition, what would happen if: "如果两台机器还没恢复，告警就会发出来", "if the pods restart, X will ..."
    r"|^\s*(?:if|unless|once|should)\b|如果|假如|假设|万一|一旦|\bif\b[^.;。；]{0,80}?\b(?:will|would|could)\b|\bunless\b"
    r"|就会|将会|到时候|\bwill (?:then |soon )?(?:start|begin|fire|page|trigger|stop|resume|recover|expire)\b"
    # what a silence, a rule or a schedule will do: "every alert in the window will be silenced", "都会被静默"
    r"|\bwill (?:all |also |then |soon |still )?be (?:silenced|suppressed|inhibited|muted|routed|dropped|throttled|"
    r"rejected|blocked|paged|notified|evicted|deleted|retried)\b|会被"
    # alternative explanations: "说明 A 没有被处理，或者任务卡在 B", "either A or B"
    r"|(?:说明|意味着|表明)[^。；]{0,60}或者|\beither\b[^.;]{0,80}\bor\b"
    r"|"
    # an admitted unknown about the evidence: "the listing doesn't say why it crashes", "日志没有说明原因"
    r"\b(?:doesn't|does not|didn't|did not|don't|do not|can't|cannot)\s+(?:say|show|tell|explain|indicate|reveal)"
    r"\s+(?:why|whether|how|what|which|who|when)\b|(?:没有|未|并未|没)(?:说明|显示|指出|给出)[^。；，,;]{0,30}?(?:原因|为什么|是否)|看不出"
    # (never the month: "on 6 May", "May 6", "May 2026")
    r"|\b(?:(?<!\s[0-9][ \t])(?<!\s[0-9]{2}[ \t])(?<![(][0-9][ \t])(?<![(][0-9]{2}[ \t])may(?![ \t]+[0-9])|might|possibly|possible|perhaps|maybe|probably|likely|unlikely|"
    r"presumably|apparently|seems?|"
    r"appears? to|could be|could have|would suggest|would (?:tell|show|confirm|reveal|explain|answer)|suspect(?:ed|s)?|hypothes[ie]s|hypothesi[sz]e|"
    r"not (?:yet )?(?:confirmed|verified|established|proven)|unconfirmed|unverified|uncertain|unclear|"
    r"cannot be ruled out|can't be ruled out|one possibility|i think|we think|i believe|we believe|guess|"
    r"(?:usually|typically|generally|often|commonly|normally) (?:means?|indicates?|points? to|suggests?|implies))\b"
    r"|可能|也许|或许|大概|疑似|推测|猜测|(?:尚未|未|待)确认(?!的?(?:消息|请求|数|条|量))|待验证|未验证|不确定|似乎|看起来|"
    r"怀疑|估计|(?:通常|一般|往往|常常)(?:意味着|表示|说明|表明)",
    re.I,
)
_GAP_CUE = re.compile(
    r"(?:\b(?:logs?|metrics?|prometheus|promql|knowledge(?: base)?|kb|runbook|trace|tracing|tempo|jaeger|loki|"
    r"elasticsearch|cls|splunk|datadog|retrieval|rag)\s+(?:search|query|queries|lookup|call|request|tool|api|backend)"
    r"|\b(?:the|my|our|this|that|a|one|second|first|last)\s+(?:[\w-]+\s+){0,3}?(?:search|query|lookup|tool call|retrieval|log search|"
    r"metrics query)|\b(?:lookup_knowledge|query_logs|query_metrics|[a-z]+_[a-z_]+)\s*(?:call)?)"
    r"[^.;。；]{0,48}?\b(?:timed out|time[ds]? out|failed|errored|exceeded (?:its|the|a) (?:[\w-]+ )?(?:deadline|timeout)|"
    r"returned (?:no|nothing|empty|0|zero|an error)|found (?:no|nothing)|came back empty|was empty|were empty|"
    r"(?:was|were) deduplicated|(?:was|were) deduped|(?:was|were) skipped|did not return|didn't return|"
    r"(?:is|was|were|are) unavailable|(?:is|was|were|are) not available|could not be reached)\b"
    r"|\b(?:i|we|the agent)\s+(?:could not|couldn't|cannot|can't|was unable to|were unable to|was not able to|"
    r"were not able to|wasn't able to|weren't able to)\b"
    r"|\b(?:could not|couldn't|cannot|can't|unable to|not possible to)\s+(?:be\s+)?(?:\w+\s+){0,2}?(?:confirm|"
    r"confirmed|verify|verified|check|checked|determine|determined|corroborate|corroborated|validate|validated|"
    r"establish|established|rule out|ruled out|inspect|inspected)\b"
    r"|\bno (?:matching |relevant |new )?(?:logs?|log entries|results|data|matches|hits|entries|documents|"
    r"series|samples|knowledge|runbook entries|chunks) (?:(?:was|were) )?(?:found|returned|available|came back)\b"
    r"|\b(?:nothing|no result) (?:relevant |new )?(?:was )?(?:found|returned)\b"
    # "there's no runbook for unsealing Vault", "知识库里没有相关预案": what a lookup did not find
    r"|\bthere(?:'s| is| are| was| were) no (?:\w+ )?(?:runbook|playbook|documentation|docs?|article|known[- ]issue|"
    r"postmortem|kb entry|knowledge base entry)s?\b|没有(?:相关的?)?(?:runbook|预案|手册|文档|知识库条目)"
    r"|\bnot (?:be )?(?:checked|verified|confirmed) (?:by|from|against|in) (?:the )?(?:logs?|metrics?|knowledge|evidence)"
    r"|(?:无法|未能|不能|没能)(?:\S{0,6}?)(?:确认|验证|查询|获取|检索|访问|连接|证实|给出|判断|确定)"
    r"|(?:日志|指标|知识库|链路|监控|Prometheus|prometheus|CLS|cls)\s*的?\s*(?:查询|检索|搜索|调用|请求)[^。；]{0,12}?"
    r"(?:超时|失败|报错|出错|返回了?错误|错误|为空|无结果|不可用)"
    # "查询 30 天的数据超时了", "抓取 heap profile 失败": our calls; "调用 risk-engine 超时" is what the system did
    r"|(?:查询|检索|搜索|抓取|获取)(?:[^，。；\n]{0,40}?)(?:失败|超时)了?(?=[，。；（(：:]|$)"
    r"|(?:没有|未)(?:找到|查到|返回|检索到|查询到|命中)|无(?:结果|数据|匹配)|返回了?空(?:结果|数据|列表)?|结果为空|空结果"
    # "没拿到 topic 的副本信息", "看不到节点的磁盘忙闲": what the agent could not get (a lock or a connection
    # the system could not get is what it did: "拿不到锁就失败重试")
    r"|(?:(?:没有?|未|没能)拿到|拿不到|看不到|查不到)(?![^，。；]{0,3}(?:锁|连接|资源|线程|租约|令牌|配额))"
    r"|\b(?:did not|didn't|could not|couldn't|was unable to|failed to) (?:get|fetch|retrieve|obtain|pull)\b"
    r"(?! (?:a |an |the )?(?:lock|connection|lease|token|slot|thread)s?\b)",
    re.I,
)
_CAUSAL_CUE = re.compile(
    r"\b(?:because|caused|causing|causes|due to|led to|leads to|leading to|result(?:ed|s|ing)? in|as a result of|"
    r"root cause|triggered by|triggers|triggered|kicked off by|set off by|sparked by|brought on by|stems? from|"
    # ("since the 04:21:01 ACK", "since the last restart": a time, not a cause)
    r"stemming from|owing to|thanks to|since the(?![ \t]+(?:[0-9]|last|first|previous|start|beginning|morning))|"
    r"responsible for|the reason (?:is|was)|attributable to|driven by|(?:which|that|this) is why|which explains why)\b"
    r"|\b(?:therefore|thus|hence|as a result|consequently)\b"
    r"|由于|导致|因为|引起|造成|引发|根因|根本原因|所致|致使|因此|所以|从而|这就是为什么|这也是为什么|这解释了",
    re.I,
)
# "the other five partitions", "其余 4 个", "no other pod": a range the claim narrows to what it does not name
NARROWED = re.compile(r"\b(?:other|others|remaining|rest)\b|其余|其他|其它|剩下|剩余", re.I)
# "Four of them are …, i.e. they all …", "其中 4 条 … 都": a count the claim narrows to before its quantifier (or
# the newest few records, of no count)
NARROWED_TO = re.compile(
    r"\b(?:[0-9]+|two|three|four|five|six|seven|eight|nine|ten)[ \t]+of[ \t]+(?:them|these|those)\b"
    r"|其中[ \t]*[0-9一二两三四五六七八九十]+[ \t]*(?:条|个|次|笔|台|项)"
    # "the latest samples are all …", "最新的几条都 …": the newest few, of a number the claim does not give
    r"|\b(?:latest|most recent|newest|last few)[ \t]+(?:samples?|entries|lines|records|logs?|errors?|events?)\b"
    r"|最新的?(?:几条|样本|日志|记录)|最近的?几条",
    re.I,
)
_NEGATION = re.compile(
    r"\b(?:no|not|never|none|nothing|without|zero|neither|nor|isn't|wasn't|aren't|weren't|didn't|doesn't|"
    r"don't|hasn't|haven't|hadn't|cannot|can't|won't)\b(?!\s+(?:longer|only|more than|less than|fewer than))"
    r"|没有|并未|未|无|不是|不(?=[^同少过]|$)",
    re.I,
)
_PROCESS = re.compile(
    r"^(?:i|we|the agent)\s+(?:first\s+|then\s+|also\s+)?(?:queried|searched|checked|looked|asked|ran|called|"
    r"requested|filtered|retrieved|fetched|scanned|used|set)\b"
    r"|\b(?:the|my|our|a)\s+(?:log |metrics? |knowledge )?(?:query|search|lookup)\s+(?:for|of|was|used|covered|"
    r"asked|filtered|with|over|on)\b"
    r"|\b(?:with|using)\s+(?:a|the)\s+threshold\b"
    r"|^(?:我|我们)?(?:查询了|检索了|搜索了|查看了|检查了)",
    re.I,
)
_META = re.compile(
    r"^(?:here(?:'s| is| are)|below|above|summary|in summary|to summarize|overall|tl;?dr|based on|according to|"
    r"the (?:evidence|data|findings|results) (?:shows?|suggests?|below)|findings|evidence|answer|diagnosis|"
    r"以下|总结|综上|结论|根据|概述|摘要|证据)\b",
    re.I,
)
# A verdict with no content: "情况有些异常", "something looks off", "a few things worth a look".
_VAGUE_PREDICATE = re.compile(
    r"\b(?:something (?:is |looks |seems )?(?:off|wrong|odd|unusual|strange)|some (?:anomal\w*|issues|problems|"
    r"irregularit\w*|oddit\w*)|a few (?:things|points|issues)|look(?:s|ed)? (?:abnormal|unusual|odd|off|suspicious|"
    r"not quite right)|(?:is|are|was|were) (?:not quite right|a bit off)|worth (?:a look|watching|noting|attention))\b"
    r"|有些异常|有点异常|有异常|有些问题|有点问题|不太正常|值得关注|需要关注|有些值得|一些值得|情况异常|情况不太对|不太对劲",
    re.I,
)
_SUBSTANTIVE = re.compile(
    r"\b(?:caus\w*|root|problem\w*|issue\w*|fail\w*|error\w*|down|outage\w*|slow\w*|degrad\w*|unstable|"
    r"broken|latenc\w*|timeouts?|crash\w*|overload\w*|saturat\w*|exhaust\w*|leak\w*|spik\w*|unavailable|unhealthy|"
    r"misconfig\w*|bugs?|regression\w*|incident\w*|affect\w*|impact\w*|fir(?:ing|ed)|alert\w*|restart\w*|oom|"
    r"memory|cpu|disk|network\w*|database\w*|healthy|normal|fine|ok|stable|resolved|fixed|recovered|wrong|bad|"
    r"trouble\w*|glitch\w*|overwhelm\w*|struggl\w*|bottleneck\w*|contention|pressure|spike\w*|anomal\w*|"
    r"(?:passing|working|serving|up|green) again|back (?:up|online|to normal))\b"
    r"|\b(?:reached|limit\w*|dropp\w*|reject\w*|throttl\w*|block\w*|stuck|saturat\w*|overload\w*|full|"
    r"exceed\w*|hung|hang\w*|stall\w*|flap\w*|evict\w*|lost|losing|unreachable|refus\w*|denied|expired)\b"
    r"|又(?:通过|好了|可用)了?|重新(?:上线|可用|通过)"
    r"|故障|问题|原因|异常|失败|错误|超时|宕机|缓慢|延迟|告警|重启|内存|正常|恢复|崩溃|报错|上限|丢弃|拒绝|下降|上升|升高|"
    r"增加|减少|饱和|不足|阻塞|堆积|积压|卡住|中断|不可用|过载|瓶颈|泄漏|抖动|波动|耗尽|打满|满了",
    re.I,
)
_SMUGGLED_FROM = re.compile(
    r"\bfrom\s+(.{1,24}?)\s+to\b|从\s*(.{1,16}?)\s*(?:调整|提高|提升|增加|增大|降低|减少|减小|改为|改成|扩容|缩容|升级|"
    r"调大|调小|扩大|缩小|到|至)",
    re.I,
)
_SMUGGLED_KEEP = re.compile(
    r"\bkeep\s+(?:the\s+)?(.{1,40}?)\s+at\s+(\S+(?:\s?%|\s?[a-zA-Z]{1,3})?)|保持\s*(.{1,20}?)\s*(?:为|在)\s*(\S+)", re.I
)
_SMUGGLED_CURRENT = re.compile(
    r"\b(?:set|raise|lower|increase|decrease|change|bump|reduce|restore|put)\s+(.{1,60}?)\s+(?:back\s+)?to\s+\S+\s*"
    r"[(（]\s*(?:it\s+is\s+|it's\s+|which\s+is\s+)?(?:currently|now|at present|today)\s*(?:at\s+|is\s+|set\s+to\s+)?"
    r"([^)）]{1,40})[)）]",
    re.I,
)
_SMUGGLED_ITS_CURRENT = re.compile(
    r"\b(?:raise|raising|increase|increasing|lower|lowering|reduce|reducing|bump|bumping|set|setting|change|changing|"
    r"grow|growing|shrink|shrinking)\s+(?:the\s+)?(.{1,40}?)\s+(?:above|below|beyond|past|from|over|under)\s+"
    r"(?:its|the|their)\s+current\s+([0-9][^\s,;)]*(?:\s?(?:%|[a-zA-Z]{1,3}\b))?)",
    re.I,
)
_OFFERING = frozenset(
    {"you", "we", "could", "can", "might", "may", "also", "want", "wish", "to"}
)  # "you could raise X"
# an alternative after a comma ("疑似 A，或者 B", "likely A, or B"): one disjunction with the clause before it
_ALTERNATIVE = re.compile(r"(?:或者|或是|要么|还是说|or\b)", re.I)
_SMUGGLED_CLAUSE = re.compile(
    r"\b(?:since|because|given that|which is|which are|which has|that is|that are|currently|now at|"
    # ("在当前容器上做 …": on the current container, a place the advice acts in, not what it is now)
    r"where)\b\s+(.+)$|(?:由于|因为|鉴于|(?<!在)(?:目前|当前|现在))(.+)$",
    re.I,
)


# what a document recommends is a fact about the document: "the runbook recommends draining the node first",
# "知识库里的预案建议先扩容", "per the SOP, ..." assert that the lookup returned that advice
SOURCE_RECOMMENDS = re.compile(
    r"\b(?:runbook|playbook|knowledge base|kb|documentation|docs|doc|guide|sop|wiki)(?:'s)?\s+(?:\w+\s+){0,3}?"
    r"(?:recommends?|suggests?|advises?|says to|tells us to|instructs?|calls for)\b"
    r"|\b(?:according to|per) the (?:runbook|playbook|docs|documentation|knowledge base|kb|guide|sop|wiki)\b"
    r"|(?:知识库|文档|手册|运行手册|预案|runbook|Runbook|SOP|wiki)[^，。；,;]{0,12}?(?:建议|推荐|要求|指出|写着|说)",
    re.I,
)


# a consequence the claim draws from the one before ("So …", "Therefore …", "所以 …", "因此 …"): what follows the
# connective is asserted and checked as a fact; the link to the claim before is the writer's reading
_CONSEQUENCE_OPENING = re.compile(
    r"\s*(?:(?:and\s+)?(?:so|therefore|thus|hence|as a result|consequently)\b,?|所以|因此|因而|于是)", re.I
)

# a sentence that opens by citing a document's content ("The eviction runbook covers this: …", "预案里写了：…")
# reports that content in the clauses after it
REPORTED_SOURCE = re.compile(
    r"(?:runbook|playbook|knowledge base|\bkb\b|documentation|\bdocs?\b|guide|\bsop\b|wiki|文档|知识库|手册|预案)"
    r"(?:[^.。:：\n]|\.(?!\s)){0,60}?(?:covers?|says?|states?|lists?|describes?|recommends?|suggests?|steps?|写|提到|给出|建议|要求)"
    r"[^.。:：\n]{0,20}[:：]"
    r"|" + SOURCE_RECOMMENDS.pattern,
    re.I,
)

_NAMES_SOMETHING = re.compile(r"[0-9]|[A-Za-z][\w]*[-_.][A-Za-z0-9]|[a-z][A-Z]|[A-Z]{2,}[a-z]")

_CONDITIONAL_LEAD = re.compile(r"(?:if|when|unless|once|before|after|如果|若|假如|一旦|在)\b", re.I)

_CONSEQUENCE = re.compile(r"\s*(?:so|thus|therefore|hence|which|and so|as a result|因此|所以|从而|导致|故)\b", re.I)

_EXAMPLE = re.compile(r"\s*(?:e\.g\.|i\.e\.|for example|for instance|such as|比如|例如|譬如)", re.I)

_CODE_CONTENT = re.compile(r"[^`\n\s]{2,64}")  # what a code span holds when it quotes one name

# markdown: fences, headings, table rules, list and quote markers, links, emphasis
_FENCE = re.compile(r"^\s{0,3}(```|~~~)")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+")
# a line that is only a bold label ("**错误日志**", "**Error log**", "**Next steps:**"): a heading, below any "#"
# one; never one with a figure ("**驱逐事件（共 3 条）**" counts) or a name's digits ("**Node 10.20.0.11**")
# a line wholly in bold is a heading ("**Timeline**", "**SHOW POOL_NODES**": an underscore inside a word is the
# word's); one with a figure ("**3 pods failed**") is a claim
BOLD_LABEL = re.compile(r"\s{0,3}(?:\*\*|__)(?:[^*_\n0-9]|(?<=[A-Za-z])_(?=[A-Za-z])){1,40}?[:：]?(?:\*\*|__)[:：]?\s*")
_TABLE_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
_LIST_MARKER = re.compile(r"^\s*(?:[-*+•·‣▪]|\d{1,2}[.)、]|[a-zA-Z][.)]|[（(]\d{1,2}[)）])\s+")
_QUOTE_MARKER = re.compile(r"^\s*>\s?")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
# ("__" inside a word is no emphasis: Airflow's run id `scheduled__2026-09-16T18:00:00+00:00`)
_EMPHASIS = re.compile(
    r"\*\*|(?<![A-Za-z0-9])__|__(?![A-Za-z0-9])|~~|`|(?<![A-Za-z0-9_])\*(?=\S)|(?<=\S)\*(?![A-Za-z0-9_])"
)


# an aside in parentheses, ASCII or full-width: what a clause break inside it does not end
ASIDE = re.compile(r"\([^()]*\)|（[^（）]*）")

# a universal ("all", "every", "都") and what makes a claim not one ("not all", "几乎都", "大部分")
# (均 of a word is none: "平均 RTT" is an average, "负载均衡" a balancer, "均值" a mean; nor is 全部 or "all" of a
# whole used up: "inode 已经全部用掉", "the pool is all used up" say how much of one thing, not of each record)
UNIVERSAL = re.compile(
    r"\b(?:all(?![ \t]+used[ \t]+up\b)|every|each|everything|always)\b|全部(?![用耗占打]\w?[掉完光满尽])|所有|每个|每一个|每次|一律"
    r"|(?<!平)均(?![衡值匀])|都",
    re.I,
)
_NOT_ALL = re.compile(
    r"\bnot\s+(?:all|every|each|always)\b|\b(?:almost|nearly|virtually|practically)\s+(?:all|every|always)\b"
    r"|并非|不是所有|不是全部|不是每|并不都|几乎(?:所有|全部|都)|大部分|大多数|绝大多数",
    re.I,
)
# where a universal's clause ends: "all of them are critical, and …" says each one's severity up to the comma
CLAUSE_END = re.compile(r"[,;:，；：。(（]")

# a member the claim does not name, one of several ("one of the two replicas", "One pod", "其中一个", "有一个")
SOME_ONE = re.compile(
    r"\b(?:one|some) (?:of (?:the|its|their|these) )?|(?:有|其中|中有)[ \t]*(?:一|1)[ \t]*[个台条]", re.I
)

# a time a verb says something happened at, exactly ("it went out at 14:32 UTC", "the pod restarted at 03:10"): a
# time the claim asserts, checked as one to the second is; never an approximate one ("around", "约") or a range
HAPPENED_AT = re.compile(
    r"(?:\b(?:went out|started|began|ended|happened|occurred|fired|was deployed|restarted|crashed|was created|"
    r"was triggered|expired|rolled over|was rotated|was killed|stopped)[ \t]+(?:at|on)[ \t]+"
    # a zone or a date may come first: "was created at UTC 08:30", "on Oct 12 at 08:30", "于北京时间 10 月 12 日 08:30"
    r"(?:(?:UTC|GMT)[ \t]+)?(?:[A-Z][a-z]{2}[ \t]+[0-9]{1,2},?[ \t]+(?:at[ \t]+)?)?"
    r"|(?:创建|启动|开始|结束|触发|发生|发布|部署|重启|崩溃|过期|到期|停止|上线)(?:于|在|时间(?:是|为))[ \t]*"
    r"(?:北京时间|上海时间|UTC)?[ \t]*(?:[0-9]{4}[-/年][ \t]*)?(?:[0-9]{1,2}[ \t]*月[ \t]*[0-9]{1,2}[ \t]*日[ \t]*)?)"
    r"(?!about|around|roughly|approximately|~|≈)[0-9]{1,2}:[0-9]{2}(?![0-9:]|[ \t]*(?:[–—-]|to|and|到|至)[ \t]*[0-9])",
    re.I,
)


# a "but" clause with no subject of its own, denying what its sentence's subject did: "but didn't update X",
# "但没有同步更新 X": it says more of the same hypothesis (claims._claims_of)
BUT_SAME_SUBJECT = re.compile(
    r"(?:but|yet)[ \t]+(?:didn't|did not|hasn't|has not|hadn't|had not|never|forgot to|failed to)\b"
    r"|(?:但|但是|却)(?:并)?(?:没有|没|未|忘了|还没)",
    re.I,
)
# the step after advice, and what it will do: "…, then `X resume` will bring it back", "…，然后重启就能恢复"
THEN_NEXT = re.compile(
    r"(?:and[ \t]+)?then\b[^.;:]*?(?:\b(?:will|would|should|can)\b|'ll\b)"
    r"|(?:然后|之后|再)[^。；]*?(?:会|就能|就可以|能|可以)(?![^。；]*了[。；]?$)",
    re.I,
)
CARRIED_ON = {ClaimKind.HEDGE: BUT_SAME_SUBJECT, ClaimKind.ADVICE: THEN_NEXT}
"""A fact after a claim of these kinds that goes on as it began: a hedge's "but didn't …", advice's next step."""


# a clause that opens by denying an alternative ("而不是 CPU 不够", "rather than a network fault", "not the disk"):
# with no fact of its own, it asserts nothing a call could show (claims.is_substantive)
ALTERNATIVE_DENIED = re.compile(r"[ \t]*(?:而不是|而非|并不是|并非|rather than\b|not (?:a|an|the)\b)", re.I)
