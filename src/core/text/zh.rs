//! 简体中文: the Chinese of every message, keyed by its English. Terms follow
//! `docs/glossary.md` (the words of Chinese AI courses). A test fails when a key written in the
//! source has no entry here, when an entry is no longer used, or when the two differ in their
//! `{placeholders}`; after adding Chinese text, run `tools/font-subset.sh`.

/// (English key, Chinese text).
pub(super) const ZH: &[(&str, &str)] = &[
    (" moves/s", " 步/秒"),
    (
        "# wall  . path  S entry  E exit (or digits 0–3)",
        "# 墙  . 通路  S 入口  E 出口（或数字 0–3）",
    ),
    (", ", "，"),
    ("15-puzzle", "十五数码"),
    (
        "20×20, 81 mines, 10 robots: play it yourself, ask the robot for hints, or watch it reason.",
        "20×20，81 颗地雷，10 个机器人：自己玩，向机器人要提示，或看它推理。",
    ),
    ("3BV {bv}", "3BV {bv}"),
    ("8-puzzle", "八数码"),
    ("8-puzzle / 15-puzzle", "八数码 / 十五数码"),
    (
        "`{ch}` is not a hex digit in the maze",
        "迷宫中的“{ch}”不是十六进制数字",
    ),
    (
        "`{ch}` is not a tile: tiles are hex digits, 0 the blank",
        "“{ch}”不是将牌：将牌是十六进制数字，0 为空格",
    ),
    (
        "`{mode}` is not a mode: a game ID starts with explore, runner, slide or mines (like runner-prim-21x21-7)",
        "“{mode}”不是模式：游戏 ID 以 explore、runner、slide 或 mines 开头（如 runner-prim-21x21-7）",
    ),
    (
        "`{name}` is not a generator (prim, backtracker, kruskal, wilson)",
        "“{name}”不是生成算法（prim、backtracker、kruskal、wilson）",
    ),
    (
        "`{rule}` is not a first-click rule (any, safe, opening, noguess)",
        "“{rule}”不是首次点击规则（any、safe、opening、noguess）",
    ),
    (
        "`{seed}` is not a seed (a whole number)",
        "“{seed}”不是种子（须为整数）",
    ),
    (
        "`{size}` is not a size like 21x21",
        "“{size}”不是 21x21 这样的尺寸",
    ),
    ("`{text}` is not a number of lives", "“{text}”不是生命数"),
    ("`{text}` is not a number of mines", "“{text}”不是地雷数"),
    (
        "`{token}` is not a cell of a numeric maze: each cell is one of 0 path, 1 wall, 2 entry, 3 exit",
        "“{token}”不是数字迷宫的格子：每格为 0 通路、1 墙、2 入口、3 出口之一",
    ),
    ("a board {d} moves from the goal", "距目标 {d} 步的棋盘"),
    ("a device", "设备文件"),
    ("a directory", "文件夹"),
    ("a named pipe", "命名管道"),
    (
        "A new empty room: click cells to build walls",
        "新的空房间：点击格子砌墙",
    ),
    ("a new field", "新雷区"),
    ("a new maze (new seed)", "新迷宫（新种子）"),
    ("a perfect solution!", "完美的解！"),
    (
        "a second entry (the first is at line {l}, column {c}); a maze has one",
        "第二个入口（第一个在第 {l} 行第 {c} 列）；迷宫只能有一个",
    ),
    (
        "a second exit (the first is at line {l}, column {c}); a maze has one",
        "第二个出口（第一个在第 {l} 行第 {c} 列）；迷宫只能有一个",
    ),
    (
        "a slide ID is slide-START or slide-START-GOAL (this one has {has} fields after `slide`)",
        "数码 ID 为 slide-初始 或 slide-初始-目标（此 ID 在 slide 后有 {has} 段）",
    ),
    ("a socket", "套接字"),
    ("a special file", "特殊文件"),
    (
        "a {mode} ID has {wanted} fields after `{mode}`: {mode}-{shape} (this one has {has})",
        "{mode} ID 在 {mode} 后有 {wanted} 段：{mode}-{shape}（此 ID 有 {has} 段）",
    ),
    (
        "a {width}×{height} maze takes {wanted} hex digits; this ID has {has}",
        "{width}×{height} 的迷宫需要 {wanted} 个十六进制数字；此 ID 有 {has} 个",
    ),
    (
        "a {w}×{h} field: width and height must be 2 to {max}",
        "{w}×{h} 的雷区：宽和高必须在 2 到 {max} 之间",
    ),
    ("A*", "A* 算法"),
    ("A* closed set", "A* 的 CLOSED 表"),
    ("A* hint on / off", "开 / 关 A* 提示"),
    ("A* Manhattan distance", "A* 算法（曼哈顿距离）"),
    ("A* misplaced tiles", "A* 算法（不在位将牌数）"),
    (
        "A* on the 8-puzzle: Manhattan vs misplaced tiles",
        "八数码上的 A* 算法：曼哈顿距离对比不在位将牌数",
    ),
    ("A* open set", "A* 的 OPEN 表"),
    ("A* path from where you stand", "从你所在处出发的 A* 路径"),
    ("A* — Manhattan distance", "A* 算法 — 曼哈顿距离"),
    ("A* — misplaced tiles", "A* 算法 — 不在位将牌数"),
    ("A*, Manhattan", "A* 曼哈顿距离"),
    ("A*, misplaced", "A* 不在位将牌数"),
    (
        "about four minutes on two cores, once, in the background, then cached (520 MB); the quick ones serve until then",
        "双核约四分钟，只需一次，在后台进行，之后缓存（520 MB）；在此之前使用快速的数据库",
    ),
    ("Action", "操作"),
    ("actions/s", "动作/秒"),
    ("ai-arcade", "ai-arcade 智能搜索游乐场"),
    ("algorithm", "算法"),
    (
        "already solved: N for a new shuffle, F1 to play it again",
        "已经完成：N 重新打乱，F1 再玩一次",
    ),
    (
        "An attract mode: the generators carve, the searches race, the puzzles solve themselves, the robot sweeps.",
        "演示模式：生成算法开凿迷宫，搜索算法同场竞速，数码自动求解，机器人扫雷。",
    ),
    (
        "an Explore maze needs at least one cell",
        "探索模式的迷宫至少要有一个格子",
    ),
    ("answer", "答案"),
    ("any", "任意"),
    (
        "any (mines laid before: the original)",
        "any（先布雷：原版规则）",
    ),
    ("any other key, click or button", "其他任意键、点击或按钮"),
    ("apply the chosen tool", "使用所选工具"),
    ("arrows / WASD", "方向键 / WASD"),
    ("Arrows move", "方向键移动"),
    ("arrows/WASD", "方向键/WASD"),
    ("back to the menu", "回到菜单"),
    (
        "back: out of the panels, else to the menu",
        "返回：离开面板，否则回到菜单",
    ),
    ("beginner", "初级"),
    ("Best time at this size: {time}", "此尺寸最佳用时：{time}"),
    ("Best time on this field: {time}", "此雷区最佳用时：{time}"),
    ("best times", "最佳时间"),
    ("BFS", "广度优先搜索"),
    (
        "BFS, DFS and A* race on one maze with loops",
        "广度优先搜索、深度优先搜索与 A* 算法在有环迷宫上竞速",
    ),
    (
        "board `{board}`: expected 9 tiles (3×3) or 16 tiles (4×4), got {count}",
        "棋盘“{board}”：应为 9 个将牌（3×3）或 16 个将牌（4×4），实际 {count} 个",
    ),
    ("board `{board}`: {why}", "棋盘“{board}”：{why}"),
    (
        "Boom! A robot was blown up — 1 robot left.",
        "轰！一个机器人被炸毁了 — 还剩 1 个机器人。",
    ),
    (
        "Boom! A robot was blown up — {left} robots left.",
        "轰！一个机器人被炸毁了 — 还剩 {left} 个机器人。",
    ),
    (
        "Both are optimal; the better estimate (Manhattan distance) expands far fewer nodes. The counters tick as each search works, then the tiles slide.",
        "两者都是最优的；更好的启发函数（曼哈顿距离）扩展的节点少得多。计数器随搜索跳动，然后将牌滑动。",
    ),
    ("bound {level}", "阈值 {level}"),
    ("Breadth-first search", "广度优先搜索"),
    (
        "build {split} databases (strongest)",
        "构建 {split} 模式数据库（最强）",
    ),
    (
        "building the pattern databases and solving…",
        "正在构建模式数据库并求解…",
    ),
    (
        "building the {split} pattern databases in the background (once)",
        "正在后台构建 {split} 模式数据库（只需一次）",
    ),
    ("by hand", "手动"),
    ("Cancel", "取消"),
    ("cancelled", "已取消"),
    ("Cannot open that ID: {why}", "无法打开该 ID：{why}"),
    (
        "cannot read the {what} in {path} ({why}); using the defaults",
        "无法读取 {path} 中的{what}（{why}）；改用默认值",
    ),
    ("cannot read {path}: {why}", "无法读取 {path}：{why}"),
    (
        "cannot write {path}: it names no file",
        "无法写入 {path}：它不是文件名",
    ),
    (
        "cannot write {path}: {file} is a file, not a folder",
        "无法写入 {path}：{file} 是文件，不是文件夹",
    ),
    ("cannot write {path}: {why}", "无法写入 {path}：{why}"),
    ("carving…", "开凿中…"),
    ("certainly a mine", "一定是地雷"),
    ("certainly safe", "一定安全"),
    (
        "choose an entry; left / right change UI scale, colours and language",
        "选择一项；左 / 右调整界面缩放、配色和语言",
    ),
    (
        "classic AI search puzzles — play them, watch them think",
        "经典人工智能搜索谜题 — 亲手玩，看它们思考",
    ),
    ("Classic maze", "经典迷宫"),
    ("Clear walls", "清除墙壁"),
    (
        "Cleared: every wall is now a path (entry and exit stay)",
        "已清除：所有墙都变成通路（入口和出口保留）",
    ),
    ("click", "点击"),
    ("Click places:", "点击放置："),
    ("closed set", "CLOSED 表"),
    ("Colours", "颜色"),
    ("Colours: day", "配色：白天"),
    ("Colours: night", "配色：夜间"),
    ("Compare", "比较"),
    ("compare every solver", "比较所有求解算法"),
    ("comparing", "比较中"),
    ("comparison done: see the table", "比较完成：见表格"),
    (
        "Congratulations! You Win! Thank you for playing!",
        "Congratulations! You Win! Thank you for playing!\n恭喜！你赢了！感谢游玩！",
    ),
    ("Copy ID", "复制 ID"),
    ("Copy link", "复制链接"),
    ("correct path", "正确路径"),
    ("Correct path replayed", "正确路径已回放"),
    ("could not keep a copy: {why}", "未能保留副本：{why}"),
    ("Create", "创建"),
    ("current path", "当前路径"),
    ("custom", "自定义"),
    ("d-pad", "十字键"),
    ("d-pad / left stick", "十字键 / 左摇杆"),
    ("d-pad down", "十字键下"),
    ("d-pad left", "十字键左"),
    ("d-pad right", "十字键右"),
    ("d-pad up", "十字键上"),
    ("dead end", "死路"),
    ("dead end (stepped back out)", "死路（已退回）"),
    ("Demo", "演示"),
    ("demo", "演示"),
    ("demo faster", "演示加快"),
    ("demo slower", "演示减慢"),
    (
        "demo: {algorithm} — move {done} of {total}",
        "演示：{algorithm} — 第 {done} / {total} 步",
    ),
    (
        "depth first: down, right, left, up",
        "深度优先搜索：下、右、左、上",
    ),
    ("depth limit", "深度界限"),
    ("depth limit {level}", "深度界限 {level}"),
    ("Depth-first search (depth limit)", "有界深度优先搜索"),
    (
        "DFS (down, right, left, up)",
        "深度优先搜索（下、右、左、上）",
    ),
    ("DFS path", "深度优先搜索路径"),
    ("DFS, depth limit", "有界深度优先搜索"),
    ("Done", "完成"),
    ("down", "下"),
    ("download the maze as a file", "把迷宫下载为文件"),
    ("East", "东"),
    ("Edit", "编辑"),
    ("Edit goal", "编辑目标"),
    ("Edit start on the board", "在棋盘上编辑初始状态"),
    ("edit the maze on / off", "开 / 关迷宫编辑"),
    (
        "edit the start on the board; again: keep it",
        "在棋盘上编辑初始状态；再按一次：保留",
    ),
    ("editing", "编辑中"),
    (
        "Editing the goal: click two cells (or move the cursor and press Enter twice) to swap them.",
        "正在编辑目标状态：点击两个格子（或移动光标按两次 Enter）交换它们。",
    ),
    ("Editing the maze", "正在编辑迷宫"),
    (
        "Editing the start: click two cells (or move the cursor and press Enter twice) to swap them.",
        "正在编辑初始状态：点击两个格子（或移动光标按两次 Enter）交换它们。",
    ),
    (
        "editing: pick two cells to swap them; E or Done keeps the board",
        "编辑中：选两个格子交换；E 或“完成”保留棋盘",
    ),
    ("editor", "编辑器"),
    ("editor: picked for a swap", "编辑器：已选中待交换"),
    (
        "empty row inside the maze (rows must follow each other)",
        "迷宫中间有空行（各行必须相连）",
    ),
    ("End demo", "结束演示"),
    (
        "Enter, Left or Right: English or Chinese for every word in the game. Kept for next time.",
        "Enter、左或右：游戏中的所有文字使用英文或中文。下次启动时保留。",
    ),
    (
        "Enter: dark or light panels. Kept for next time.",
        "Enter：深色或浅色面板。下次启动时保留。",
    ),
    ("entry", "入口"),
    ("entry (S)", "入口（S）"),
    (
        "Entry and exit need cells of their own, and cannot become walls",
        "入口和出口需要各占一格，不能变成墙",
    ),
    ("Esc / gamepad B", "Esc / 手柄 B"),
    ("exit", "出口"),
    ("exit (E)", "出口（E）"),
    ("Exit found", "找到出口"),
    ("expanded", "扩展节点数"),
    ("EXPANDING LEVEL {level}", "正在扩展第 {level} 层"),
    (
        "expected 9 tiles (3×3) or 16 tiles (4×4), got {n}",
        "应为 9 个将牌（3×3）或 16 个将牌（4×4），实际 {n} 个",
    ),
    ("expert", "高级"),
    ("Explore", "探索"),
    (
        "Explore shows mazes up to {most}×{most}; this ID is {width}×{height}",
        "探索模式最多显示 {most}×{most} 的迷宫；该 ID 是 {width}×{height}",
    ),
    (
        "Explore shows mazes up to {most}×{most}; this one is {width}×{height}",
        "探索模式最多显示 {most}×{most} 的迷宫；这个是 {width}×{height}",
    ),
    ("Export", "导出"),
    (
        "Exported {name} (see the browser's downloads)",
        "已导出 {name}（见浏览器的下载）",
    ),
    ("F1  Search again", "F1  重新搜索"),
    ("F2  Replay path", "F2  回放路径"),
    ("FAIL", "失败"),
    ("faster", "加快"),
    ("File", "文件"),
    ("first click", "首次点击"),
    ("Game over", "游戏结束"),
    (
        "Game Over, thank you for playing!",
        "Game Over, thank you for playing!\n游戏结束，感谢游玩！",
    ),
    ("Gamepad", "手柄"),
    ("Generate", "生成"),
    ("generator", "生成算法"),
    ("goal", "目标"),
    (
        "Green is the open set, purple the closed set, yellow the answer. BFS floods every direction; DFS follows its rule order and backtracks; A* leans towards the exit and expands the fewest cells — BFS and A* both find the shortest path.",
        "绿色是 OPEN 表，紫色是 CLOSED 表，黄色是答案。广度优先搜索向四面八方铺开；深度优先搜索按规则顺序前进并回溯；A* 算法偏向出口，扩展的格子最少 — 广度优先搜索和 A* 算法都能找到最短路径。",
    ),
    (
        "Green: certainly safe; red: certainly a mine; redder shading: likelier a mine; yellow: the next pick. The robot guesses only when nothing is certain.",
        "绿色：一定安全；红色：一定是地雷；越红：越可能是地雷；黄色：下一步的选择。只有在没有确定的格子时，机器人才会猜。",
    ),
    ("height", "高"),
    ("Hide hint", "隐藏提示"),
    ("Hint", "提示"),
    ("hint", "提示"),
    (
        "hint on / off (the next optimal move's tile turns yellow)",
        "开 / 关提示（下一步最优走法的将牌变黄）",
    ),
    (
        "hint: the robot's best move, and why",
        "提示：机器人的最佳一步及理由",
    ),
    ("hint: the tile to slide next", "提示：下一步要滑动的将牌"),
    ("Hint: {moves} to go", "提示：还有 {moves} 步"),
    ("hint: {why}", "提示：{why}"),
    ("ID", "ID"),
    ("ID copied to the clipboard", "ID 已复制到剪贴板"),
    ("IDA*", "迭代加深 A*"),
    (
        "IDA* + pattern databases (5-5-5)",
        "迭代加深 A* + 模式数据库（5-5-5）",
    ),
    ("IDA* Manhattan distance", "迭代加深 A*（曼哈顿距离）"),
    (
        "IDA* with pattern databases on the 15-puzzle",
        "十五数码上使用模式数据库的迭代加深 A*",
    ),
    (
        "IDA* — Manhattan + linear conflict",
        "迭代加深 A* — 曼哈顿距离 + 线性冲突",
    ),
    ("IDA* — pattern databases", "迭代加深 A* — 模式数据库"),
    ("IDA*, PDB", "迭代加深 A*，模式数据库"),
    ("Imported {name}", "已导入 {name}"),
    ("Import…", "导入…"),
    ("intermediate", "中级"),
    (
        "into the panels and out again (the d-pad steps through them, A presses)",
        "进入面板并退出（十字键逐项移动，A 按下）",
    ),
    (
        "it is {what}, not a regular file",
        "它是{what}，不是普通文件",
    ),
    ("its next pick", "它的下一步选择"),
    (
        "keeps every state it meets: out of memory on a typical 15-puzzle",
        "保存遇到的每个状态：在典型的十五数码上会耗尽内存",
    ),
    ("kept as {backup}", "已另存为 {backup}"),
    ("Keyboard and mouse", "键盘和鼠标"),
    ("Keys  (gamepad)", "按键（手柄）"),
    (
        "knows {safe} safe, {mines} mines",
        "已知 {safe} 个安全格、{mines} 颗地雷",
    ),
    (
        "knows {safe} safe, {mines} mines (a big area: estimates)",
        "已知 {safe} 个安全格、{mines} 颗地雷（区域太大：为估计值）",
    ),
    (
        "Kruskal knocks down random walls between cells not yet joined (union-find): the maze appears everywhere at once and merges.",
        "Kruskal 算法随机拆除尚未连通的格子之间的墙（并查集）：迷宫在各处同时出现并合并。",
    ),
    ("Language", "语言"),
    (
        "last: {algorithm} — {summary}",
        "上次：{algorithm} — {summary}",
    ),
    ("Leave the arcade.", "离开游戏。"),
    ("Leave the editor first (E)", "请先退出编辑器（E）"),
    ("left", "左"),
    (
        "Left / Right (d-pad) or Enter: bigger or smaller panels. Kept for next time.",
        "左 / 右（十字键）或 Enter：放大或缩小面板。下次启动时保留。",
    ),
    ("left click", "左键单击"),
    ("left click on a cell", "左键单击格子"),
    ("left click on a tile", "左键单击将牌"),
    ("Legend", "图例"),
    ("length", "步数"),
    ("Let the machine walk", "让机器走"),
    (
        "let the machine walk / pause it; after a win: the next maze",
        "让机器走 / 暂停它；获胜后：下一个迷宫",
    ),
    ("Let the robot play", "让机器人来玩"),
    (
        "line {line}, column {column}: {why}",
        "第 {line} 行第 {column} 列：{why}",
    ),
    ("line {line}: {why}", "第 {line} 行：{why}"),
    ("link copied to the clipboard", "链接已复制到剪贴板"),
    ("Load", "载入"),
    ("Loaded {path}", "已载入 {path}"),
    ("Machine", "机器求解"),
    ("machine faster", "机器加快"),
    ("machine slower", "机器减慢"),
    ("machine speed {speed} cells/s", "机器速度 {speed} 格/秒"),
    ("mark / unmark a mine", "标记 / 取消标记地雷"),
    (
        "mark row {row}, column {column}: it is certainly a mine",
        "标记第 {row} 行第 {column} 列：它一定是地雷",
    ),
    ("Maze generation: {generator}", "迷宫生成：{generator}"),
    ("Menu", "菜单"),
    ("Mines", "扫雷"),
    ("mines", "地雷"),
    ("mines left {left}", "剩余地雷 {left}"),
    ("move the cursor", "移动光标"),
    ("Moves {moves}", "步数 {moves}"),
    ("moves/s", "步/秒"),
    ("ms", "毫秒"),
    ("New best time for this size!", "此尺寸的新纪录！"),
    ("New best time!", "新纪录！"),
    ("New field", "新雷区"),
    ("New maze", "新迷宫"),
    ("New room", "新房间"),
    ("next algorithm", "下一个算法"),
    ("Next maze", "下一个迷宫"),
    (
        "next optimal move: slide {tile} {direction} (the blank goes {blank})",
        "下一步最优走法：将牌 {tile} 向{direction}滑动（空格向{blank}移）",
    ),
    ("no", "否"),
    (
        "no 8-puzzle board lies {d} moves from this goal",
        "没有距此目标 {d} 步的八数码棋盘",
    ),
    ("No best time yet on this field", "此雷区还没有最佳用时"),
    (
        "no entry: mark the start with 2",
        "没有入口：请用 2 标记起点",
    ),
    (
        "no entry: mark the start with S",
        "没有入口：请用 S 标记起点",
    ),
    ("No exit", "没有出口"),
    (
        "No exit: there is no correct path to replay",
        "没有出口：没有可回放的正确路径",
    ),
    (
        "No field that logic alone clears was found quickly for this recipe: this one may need a guess.",
        "没能很快为这个设置找到仅凭推理即可扫完的雷区：这一局可能需要猜测。",
    ),
    ("no guess", "无需猜测"),
    (
        "no guess (opens an area; logic alone clears it)",
        "无需猜测（开局即空白区，仅凭推理即可扫完）",
    ),
    (
        "no hint: this goal cannot be reached from here (parity)",
        "无提示：从这里无法到达目标（逆序数奇偶性不符）",
    ),
    ("no hint: {why}", "无提示：{why}"),
    ("no solution within depth {d}", "深度 {d} 内无解"),
    (
        "no solution within the limit of {n} nodes",
        "{n} 个节点的限制内无解",
    ),
    ("no such file or folder", "没有这个文件或文件夹"),
    (
        "no tiles: type them row by row, 0 for the blank, e.g. 1 2 3 4 5 6 7 8 0",
        "没有将牌：请逐行输入，0 表示空格，例如 1 2 3 4 5 6 7 8 0",
    ),
    ("North", "北"),
    ("not a JSON object", "不是 JSON 对象"),
    ("not a valid file ({why})", "不是有效的文件（{why}）"),
    ("not text (not UTF-8)", "不是文本（不是 UTF-8）"),
    ("not valid JSON ({why})", "不是有效的 JSON（{why}）"),
    ("not visited", "未访问"),
    (
        "nothing is certain: open row {row}, column {column} ({risk}% mine), the best chance of surviving this move and the next",
        "没有确定的格子：翻开第 {row} 行第 {column} 列（{risk}% 是地雷），这一步和下一步都安全的机会最大",
    ),
    (
        "nothing is open yet: open row {row}, column {column} ({risk}% mine), a corner: fewest neighbours, the likeliest zero",
        "还没有翻开的格子：翻开第 {row} 行第 {column} 列（{risk}% 是地雷），角上的格子邻格最少，最可能是 0",
    ),
    (
        "nothing is certain: open row {row}, column {column} ({risk}% mine), the best chance of winning, counted over every way the mines left can lie",
        "没有确定的格子：翻开第 {row} 行第 {column} 列（{risk}% 是地雷）；把剩下地雷的每一种摆法都算过，这样赢的机会最大",
    ),
    (
        "nothing is certain: open row {row}, column {column} ({risk}% mine), the best chance of clearing its closed region, counted over every way its mines can lie",
        "没有确定的格子：翻开第 {row} 行第 {column} 列（{risk}% 是地雷）；把这块封闭区域里地雷的每一种摆法都算过，这样清完它的机会最大",
    ),
    (
        "a guess no move can spare: open row {row}, column {column} ({risk}% mine) now; no other cell will ever tell its cells apart, so waiting makes it no safer",
        "这一猜躲不掉：现在就翻开第 {row} 行第 {column} 列（{risk}% 是地雷）；别的格子永远分辨不了这几格，等下去也不会更安全",
    ),
    (
        "open row {row}, column {column} ({risk}% mine) now: if it is a mine, the game comes to a coin toss there anyway",
        "现在翻开第 {row} 行第 {column} 列（{risk}% 是地雷）：如果它是地雷，那里迟早也只能碰运气二选一",
    ),
    ("nothing to redo", "没有可重做的"),
    ("nothing to undo", "没有可撤销的"),
    ("on the ball's path", "在小球的路径上"),
    ("one robot step", "机器人走一步"),
    (
        "only tiles in the blank's row or column can slide",
        "只有与空格同行或同列的将牌可以滑动",
    ),
    (
        "open (on a number whose mines are all marked: its neighbours)",
        "翻开（在地雷已全部标记的数字上：翻开它的邻格）",
    ),
    (
        "open a maze file from this computer",
        "从这台电脑打开迷宫文件",
    ),
    ("Open ID", "打开 ID"),
    ("open it", "打开"),
    (
        "open row {row}, column {column}: it is certainly safe",
        "翻开第 {row} 行第 {column} 列：它一定安全",
    ),
    ("open set", "OPEN 表"),
    (
        "open the unmarked neighbours of a number",
        "翻开数字周围未标记的邻格",
    ),
    ("Opened {id}", "已打开 {id}"),
    ("opening", "空白开局"),
    ("opening (the first cell is a zero)", "opening（首格为 0）"),
    ("Optimal {optimal}", "最优 {optimal}"),
    ("optimal?", "最优？"),
    ("original", "原版"),
    ("other times", "其他时候"),
    (
        "out in {steps} steps; the correct path has {moves} moves",
        "{steps} 步走出；正确路径 {moves} 步",
    ),
    (
        "Panels: d-pad or arrows move, A or Enter presses, B / Esc / Start / F6 back to the board",
        "面板：十字键或方向键移动，A 或 Enter 按下，B / Esc / Start / F6 回到棋盘",
    ),
    ("paste an ID", "粘贴 ID"),
    ("Path {moves}", "路径 {moves}"),
    (
        "path {n} moves (not always the shortest)",
        "路径 {n} 步（不一定最短）",
    ),
    (
        "pattern databases built in {seconds} s and saved to {path}",
        "模式数据库用 {seconds} 秒构建完成，已保存到 {path}",
    ),
    (
        "pattern databases built in {seconds} s but not saved: {why}",
        "模式数据库用 {seconds} 秒构建完成，但未保存：{why}",
    ),
    (
        "Pattern databases precompute exact costs for groups of tiles; their sum guides IDA* so well that it finishes while Manhattan distance is still deepening.",
        "模式数据库预先算出每组将牌的精确代价；它们的和为迭代加深 A* 提供了很好的引导，在曼哈顿距离还在加深时它就已完成。",
    ),
    (
        "pattern databases read from {path}",
        "模式数据库读取自 {path}",
    ),
    ("pattern databases {split}", "模式数据库 {split}"),
    (
        "pattern databases {split} (the strongest) in use",
        "正在使用模式数据库 {split}（最强）",
    ),
    ("pattern databases: {why}", "模式数据库：{why}"),
    ("Pause", "暂停"),
    ("pause / resume", "暂停 / 继续"),
    ("Pause the machine", "暂停机器"),
    ("PAUSED", "已暂停"),
    ("paused", "已暂停"),
    ("peak", "峰值"),
    ("permission denied", "没有权限"),
    (
        "pick a cell; a second pick swaps the two",
        "选一个格子；再选一个则交换两者",
    ),
    ("Play", "游戏"),
    ("play", "游戏"),
    ("Play again", "再玩一局"),
    ("Play it again", "再玩一次"),
    ("playing", "播放中"),
    ("preparing the scene…", "正在准备场景…"),
    ("press any key to play", "按任意键开始游戏"),
    (
        "probabilities: every placement of mines consistent with the numbers, weighted by the ways to put the rest on the unknown cells",
        "概率：枚举与数字相符的每种地雷布局，并按其余地雷放入未知格子的方式数加权",
    ),
    ("put the entry at the cursor", "在光标处放置入口"),
    ("put the exit at the cursor", "在光标处放置出口"),
    ("Quit", "退出"),
    ("quit", "退出"),
    ("Quit button", "退出按钮"),
    (
        "ragged rows: this row has {cells} cells, the first row has {first}",
        "各行长短不一：这一行有 {cells} 格，第一行有 {first} 格",
    ),
    ("random", "随机"),
    (
        "Random mazes from four generators: walk them with a trail and an A* hint.",
        "四种生成算法的随机迷宫：留下足迹走迷宫，还有 A* 提示。",
    ),
    ("Randomized Kruskal", "随机 Kruskal 算法"),
    ("Randomized Prim", "随机 Prim 算法"),
    (
        "Randomized Prim grows the maze from one cell, always opening a random wall on its border: short branches everywhere, an easy maze.",
        "随机 Prim 算法从一个格子开始生长，每次随机打开边界上的一堵墙：到处是短分支，迷宫较简单。",
    ),
    (
        "Ratio {ratio} (1.00 is perfect)",
        "比值 {ratio}（1.00 为完美）",
    ),
    (
        "reading or building pattern databases (once)",
        "正在读取或构建模式数据库（只需一次）",
    ),
    ("Recursive backtracker", "递归回溯"),
    ("redder: likelier a mine", "越红：越可能是地雷"),
    ("Redo", "重做"),
    ("redo (hold to repeat)", "重做（按住连续）"),
    (
        "replay the correct path (F2 of the original)",
        "回放正确路径（原版的 F2）",
    ),
    ("Replaying the correct path…", "正在回放正确路径…"),
    ("Restart", "重新开始"),
    ("restart", "重新开始"),
    ("Resume", "继续"),
    ("Resume the machine", "让机器继续"),
    ("right", "右"),
    ("right click", "右键单击"),
    ("Robot", "机器人"),
    ("robot", "机器人"),
    ("robot faster", "机器人加快"),
    ("robot slower", "机器人减慢"),
    ("robots", "机器人"),
    ("robots {left}", "机器人 {left}"),
    ("Run every solver", "运行所有求解算法"),
    ("Runner", "迷宫跑者"),
    ("safe", "安全"),
    (
        "safe (the first cell is never a mine)",
        "safe（首格一定不是地雷）",
    ),
    ("Same board again", "再来同一局"),
    ("Same maze again", "再走同一个迷宫"),
    ("Save", "保存"),
    ("Saved {path}", "已保存 {path}"),
    ("scene {number} of {total}", "第 {number} / {total} 幕"),
    ("Search", "搜索"),
    ("search", "搜索"),
    (
        "search again from the entry (F1 of the original)",
        "从入口重新搜索（原版的 F1）",
    ),
    ("search stopped", "搜索已停止"),
    ("Searching…", "搜索中…"),
    ("searching… {n} nodes expanded", "搜索中… 扩展节点数 {n}"),
    ("seed", "种子"),
    ("seed {seed} is not a whole number", "种子 {seed} 不是整数"),
    ("Set", "设置"),
    ("settings", "设置"),
    ("Settings not saved: {why}", "设置未保存：{why}"),
    ("Settings: {warning}", "设置：{warning}"),
    ("shortest path {n} moves", "最短路径 {n} 步"),
    ("Show A* hint", "显示 A* 提示"),
    (
        "show A*'s open and closed sets",
        "显示 A* 的 OPEN 表和 CLOSED 表",
    ),
    ("Show hint", "显示提示"),
    ("show its knowledge", "显示它的认知"),
    ("SHOWCASE", "展示"),
    ("Showcase", "展示"),
    ("Shuffle", "打乱"),
    (
        "shuffle (uniformly random, or to a chosen distance)",
        "打乱（均匀随机，或到指定距离）",
    ),
    ("shuffle to distance", "打乱到指定距离"),
    ("shuffling", "打乱中"),
    ("Size", "尺寸"),
    ("size", "尺寸"),
    ("Slide", "数码"),
    (
        "slide it (and every tile between it and the blank)",
        "滑动它（以及它与空格之间的所有将牌）",
    ),
    (
        "slide the tile next to the blank (or move the blank: a setting)",
        "滑动空格旁的将牌（或移动空格：可设置）",
    ),
    ("slower", "减慢"),
    (
        "Solvable: the tiles' order and the blank's position have matching parity.",
        "可解：将牌排列的逆序数与空格位置的奇偶性相符（可解性成立）。",
    ),
    ("Solve", "求解"),
    (
        "solve with the chosen algorithm; while searching: stop; in the demo: end it",
        "用所选算法求解；搜索中：停止；演示中：结束演示",
    ),
    (
        "Solved in {moves} moves (optimal: {optimal})!",
        "用 {moves} 步完成（最优：{optimal}）！",
    ),
    ("Solved in {moves} moves!", "用 {moves} 步完成！"),
    ("solved in {n} moves", "{n} 步求解"),
    ("Solved!", "完成！"),
    ("solving", "求解中"),
    ("South", "南"),
    ("Start", "开始"),
    ("start", "初始"),
    ("Start and goal", "初始状态与目标状态"),
    (
        "start is {start}×{start} and goal is {goal}×{goal}: they must be the same size",
        "初始状态是 {start}×{start}，目标状态是 {goal}×{goal}：两者必须一样大",
    ),
    ("Step", "单步"),
    ("step back", "后退一步"),
    ("step back (pauses)", "后退一步（暂停）"),
    ("step forward", "前进一步"),
    ("step forward (pauses)", "前进一步（暂停）"),
    ("Step ⏭", "单步 ⏭"),
    ("Steps {done} / {total}", "步数 {done} / {total}"),
    ("Steps {steps}", "步数 {steps}"),
    (
        "Steps {steps}   optimal {optimal}",
        "步数 {steps}   最优 {optimal}",
    ),
    ("Stop", "停止"),
    ("Stop the robot", "停止机器人"),
    (
        "The 8- and 15-puzzle: play by hand, ask for hints, watch BFS, DFS, A* and IDA* solve it and compare them.",
        "八数码与十五数码：亲手玩，要提示，看广度优先搜索、深度优先搜索、A* 算法和迭代加深 A* 求解并比较它们。",
    ),
    (
        "The ball has not found the exit yet: wait for it (or press . to step)",
        "小球还没找到出口：请等待（或按 . 单步）",
    ),
    (
        "The ball tries down, right, left, up in that order; blue is its current path, red the dead ends it erased. Once out, it replays the correct path in yellow.",
        "小球按下、右、左、上的顺序尝试；蓝色是当前路径，红色是它退回的死路。走出后，它用黄色回放正确路径。",
    ),
    ("the blank", "空格"),
    ("The classic 8×8 maze", "经典 8×8 迷宫"),
    (
        "The classic 8×8 maze: a ball searches by DFS with backtracking. Edit it, load your own.",
        "经典 8×8 迷宫：小球用带回溯的深度优先搜索找出口。可以编辑，也可以载入你自己的迷宫。",
    ),
    ("the disk is full", "磁盘已满"),
    ("the disk is read-only", "磁盘只读"),
    ("the edge of the board is in the way", "棋盘边缘挡住了"),
    (
        "The Explore ball: DFS with backtracking",
        "探索模式的小球：带回溯的深度优先搜索",
    ),
    ("the game ID is empty", "游戏 ID 为空"),
    (
        "the game ID is {length} characters long; IDs are at most {most}",
        "游戏 ID 长 {length} 个字符；ID 最多 {most} 个字符",
    ),
    (
        "The machine walked (part of) the way: the time is not a best time.",
        "这一局有机器代走（部分）路程：用时不计入最佳用时。",
    ),
    ("the machine walks", "机器在走"),
    ("the maze has no cells", "迷宫没有格子"),
    (
        "the maze has no entry (a cell coded 2): the ball has nowhere to start",
        "迷宫没有入口（编码为 2 的格子）：小球无处出发",
    ),
    (
        "the maze has two entries or two exits",
        "迷宫有两个入口或两个出口",
    ),
    (
        "the maze has {rows} rows; at most {most} are accepted",
        "迷宫有 {rows} 行；最多接受 {most} 行",
    ),
    (
        "the maze is empty: it needs at least one row (# wall, . path, S entry, E exit)",
        "迷宫是空的：至少需要一行（# 墙，. 通路，S 入口，E 出口）",
    ),
    ("The maze of the game ID", "游戏 ID 中的迷宫"),
    ("The maze was not loaded: {why}", "迷宫未载入：{why}"),
    ("The maze was not saved: {why}", "迷宫未保存：{why}"),
    (
        "the maze's cells do not fill its size",
        "迷宫的格子填不满它的尺寸",
    ),
    (
        "The Mines robot: exact reasoning, then probabilities",
        "扫雷机器人：先精确推理，再算概率",
    ),
    (
        "the nearest found to {distance} moves: a board {d} moves from the goal",
        "找到的最接近 {distance} 步的：距目标 {d} 步的棋盘",
    ),
    ("the next algorithm", "下一个算法"),
    ("the next generator (new maze)", "下一种生成算法（新迷宫）"),
    ("the next preset", "下一个预设"),
    ("the next scene", "下一幕"),
    (
        "the next size preset (new maze)",
        "下一个尺寸预设（新迷宫）",
    ),
    (
        "the overlay of the robot's knowledge on / off",
        "开 / 关机器人认知的叠加层",
    ),
    ("the previous scene", "上一幕"),
    (
        "The recursive backtracker digs as far as it can, then backs up to the last cell with a way on: long winding corridors, few dead ends.",
        "递归回溯尽可能往深处挖，再退回到最近一个还有路可走的格子：走廊长而曲折，死路少。",
    ),
    ("the robot is playing the board…", "机器人正在扫雷…"),
    ("the robot opens a cell", "机器人翻开一个格子"),
    ("the robot opens the top-left corner", "机器人翻开左上角"),
    ("the robot plays / stops", "机器人开始 / 停止"),
    ("the robot stopped", "机器人停下了"),
    ("The robot's knowledge (overlay)", "机器人的认知（叠加层）"),
    (
        "the row has {cells} cells; at most {most} are accepted",
        "这一行有 {cells} 格；最多接受 {most} 格",
    ),
    ("the same field again", "再来同一个雷区"),
    ("the same maze from the start", "同一个迷宫从头开始"),
    ("the search stopped: {why}", "搜索中止：{why}"),
    ("the shortest takes {optimal}", "最短需要 {optimal} 步"),
    (
        "the start is {start}×{start} but the goal {goal}×{goal}",
        "初始状态是 {start}×{start}，目标状态却是 {goal}×{goal}",
    ),
    ("the tile", "将牌"),
    (
        "the {split} databases (520 MB) are for the desktop game",
        "{split} 模式数据库（520 MB）只在桌面版中提供",
    ),
    (
        "the {what} in {path} were {why}; {kept}; using the defaults",
        "{path} 中的{what}有误：{why}；{kept}；改用默认值",
    ),
    ("thinking…", "思考中…"),
    ("tile elsewhere", "不在目标位置的将牌"),
    ("tile on its goal cell", "在目标位置的将牌"),
    ("tile {tile} appears twice", "将牌 {tile} 出现了两次"),
    (
        "tile {tile} is out of range: a {side}×{side} board has tiles 0 to {last}",
        "将牌 {tile} 超出范围：{side}×{side} 的棋盘只有 0 到 {last}",
    ),
    (
        "tiles row by row, 0 for the blank: 1 2 3 4 5 6 7 8 0, 1,2,3,… or 123456780",
        "逐行输入将牌，0 表示空格：1 2 3 4 5 6 7 8 0、1,2,3,… 或 123456780",
    ),
    ("Time {time}", "用时 {time}"),
    (
        "time {time} · mines hit {hit} · 3BV {bv}",
        "用时 {time} · 触雷 {hit} · 3BV {bv}",
    ),
    ("UI scale {percent}%", "界面缩放 {percent}%"),
    ("Undo", "撤销"),
    ("undo (hold to repeat)", "撤销（按住连续）"),
    (
        "unknown character {c} in a numeric maze: use 0 path, 1 wall, 2 entry, 3 exit, separated by spaces or commas",
        "数字迷宫中有未知字符 {c}：请用 0 通路、1 墙、2 入口、3 出口，以空格或逗号分隔",
    ),
    (
        "unknown character {c}: use # for a wall, . for a path, S for the entry, E for the exit",
        "未知字符 {c}：请用 # 表示墙，. 表示通路，S 表示入口，E 表示出口",
    ),
    ("unsolvable (parity)", "不可解（逆序数奇偶性）"),
    (
        "Unsolvable: every slide changes the parity of the tiles' order together with the blank's position, and here they disagree, so no sequence of moves reaches the goal.",
        "不可解：每次滑动都会同时改变将牌排列逆序数的奇偶性和空格位置的奇偶性，这里两者不一致，所以任何走法都到不了目标（可解性不成立）。",
    ),
    ("up", "上"),
    (
        "Up, Down or d-pad: choose     Enter or A: open     Esc or B: quit (in a mode: back to this menu)     F6 or Start: into the panels",
        "上、下或十字键：选择     Enter 或 A：打开     Esc 或 B：退出（在模式中：回到此菜单）     F6 或 Start：进入面板",
    ),
    ("walk (hold to keep walking)", "行走（按住持续）"),
    ("wall ↔ path at the cursor", "光标处 墙 ↔ 通路"),
    ("wall/path", "墙/通路"),
    ("West", "西"),
    ("wheel", "滚轮"),
    ("width", "宽"),
    ("Wilson (uniform)", "Wilson 算法（均匀）"),
    (
        "Wilson's loop-erased random walks pick every maze with equal chance: slow to start, then each walk joins the tree.",
        "Wilson 算法用消除回路的随机游走，以相同概率选出每一种迷宫：开始很慢，之后每次游走都并入树中。",
    ),
    (
        "written by a newer version of ai-arcade (format {version}; this one reads up to {current})",
        "由更新版本的 ai-arcade 写入（格式 {version}；本版本最多读取 {current}）",
    ),
    ("yes", "是"),
    ("You made it!", "你成功了！"),
    ("You win", "你赢了"),
    (
        "your trail (deeper = walked again)",
        "你的足迹（越深 = 走过越多次）",
    ),
    ("zoom in", "放大"),
    ("zoom out", "缩小"),
    ("{algorithm}: FAIL — {text}", "{algorithm}：失败 — {text}"),
    ("{algorithm}: {text}", "{algorithm}：{text}"),
    (
        "{cells} open cells, one path between any two",
        "{cells} 个通路格，任意两格之间只有一条路",
    ),
    (
        "{count} moves of the blank: {moves}",
        "空格移动 {count} 步：{moves}",
    ),
    ("{count} · {summary}", "{count} · {summary}"),
    (
        "{end} ({lost} of {lives} robots lost)",
        "{end}（{lives} 个机器人损失了 {lost} 个）",
    ),
    ("{field} · seed {seed}", "{field} · 种子 {seed}"),
    (
        "{generator} · {width}×{height} · seed {seed}",
        "{generator} · {width}×{height} · 种子 {seed}",
    ),
    ("{keys}: {meaning}", "{keys}：{meaning}"),
    ("{line} · {why}", "{line} · {why}"),
    ("{lives} lives is too many", "{lives} 条生命太多了"),
    (
        "{lives} lives: give 1 to {mines} (at most one per mine)",
        "{lives} 个机器人：请给 1 到 {mines}（每颗地雷至多一个）",
    ),
    (
        "{what} is {value}: it must be a whole number from 0 to {max}",
        "{what} 是 {value}：它必须是 0 到 {max} 之间的整数",
    ),
    (
        "no room for mines on {w}×{h} with first click '{rule}': it keeps the first cell and its neighbours clear, so the field must be larger",
        "{w}×{h}、首次点击规则“{rule}”下放不下地雷：首次点击的格子和它的邻格都不放地雷，请把雷区放大",
    ),
    (
        "{mines} mines on {w}×{h} with first click '{rule}': give 1 to {room}",
        "{w}×{h}、首次点击规则“{rule}”下放 {mines} 颗地雷：请给 1 到 {room}",
    ),
    ("{moves} moves in {time}", "{moves} 步，用时 {time}"),
    (
        "{name} {side} is out of range: the game plays mazes of 5 to {play} blocks (larger ones, up to {max}, can be made with `ai-arcade generate maze`)",
        "{name} {side} 超出范围：游戏中的迷宫为 5 到 {play} 格（更大的，最多 {max}，可用 `ai-arcade generate maze` 生成）",
    ),
    ("{name} {size} · 1 life", "{name} {size} · 1 个机器人"),
    (
        "{name} {size} · {lives} lives",
        "{name} {size} · {lives} 个机器人",
    ),
    ("{n} cells carved", "已开凿 {n} 格"),
    ("{n} cells expanded", "扩展节点数 {n}"),
    ("{n} moves", "{n} 步"),
    (
        "{n} nodes expanded · {outcome} · move {moved} of {total}",
        "扩展节点数 {n} · {outcome} · 第 {moved} / {total} 步",
    ),
    ("{n} steps", "{n} 步"),
    (
        "{outcome}; {nodes} nodes expanded, peak frontier {peak}, {ms} ms",
        "{outcome}；扩展节点数 {nodes}，OPEN 表峰值 {peak}，{ms} 毫秒",
    ),
    (
        "{path}: not a text file (it is not UTF-8)",
        "{path}：不是文本文件（不是 UTF-8）",
    ),
    ("{path}: {why}", "{path}：{why}"),
    (
        "{robots} robots left, {mines} mines left",
        "剩余机器人 {robots}，剩余地雷 {mines}",
    ),
    ("{side}×{side} puzzle", "{side}×{side} 数码"),
    (
        "{split} pattern databases built in {seconds} s (not cached)",
        "{split} 模式数据库用 {seconds} 秒构建完成（未缓存）",
    ),
    ("{split}: {source}", "{split}：{source}"),
    (
        "{state} · speed ×{speed} · seed {seed}",
        "{state} · 速度 ×{speed} · 种子 {seed}",
    ),
    (
        "{text}: separate the tiles by spaces or commas (only a 3×3 board may be written as 9 digits)",
        "{text}：请用空格或逗号分隔将牌（只有 3×3 的棋盘可以写成 9 个数字）",
    ),
    ("{token} is not a tile number", "{token} 不是将牌编号"),
    (
        "{what} {side} is even: maze sides are odd (walls on even rows and columns), try {less} or {more}",
        "{what} {side} 是偶数：迷宫边长为奇数（墙在偶数行和列上），试试 {less} 或 {more}",
    ),
    (
        "{what} {side} is out of range: mazes are {min} to {max} blocks",
        "{what} {side} 超出范围：迷宫为 {min} 到 {max} 格",
    ),
    (
        "{what}: waiting for the pattern databases…",
        "{what}：等待模式数据库…",
    ),
    (
        "{what}: {algorithm} — {nodes} nodes expanded {level} ({seconds} s)",
        "{what}：{algorithm} — 扩展节点数 {nodes} {level}（{seconds} 秒）",
    ),
    ("{when}: {meaning}", "{when}：{meaning}"),
    ("{why} — the board is unchanged", "{why} — 棋盘未改变"),
    (
        "{why}: nothing to search, the goal cannot be reached",
        "{why}：无需搜索，目标无法到达",
    ),
    (
        "{why}; starting with the original game",
        "{why}；改用原版游戏",
    ),
    (
        "{width}×{height}, {mines} mines, {lives} robots",
        "{width}×{height}，{mines} 颗地雷，{lives} 个机器人",
    ),
    ("⏮ Back", "⏮ 后退"),
    ("⏸ Pause", "⏸ 暂停"),
    ("▶ Resume", "▶ 继续"),
    ("✏ Edit the maze", "✏ 编辑迷宫"),
    ("✔ solvable", "✔ 可解"),
    ("✖ unsolvable", "✖ 不可解"),
    ("⬅ Menu", "⬅ 菜单"),
    ("⬅ Menu button", "⬅ 菜单按钮"),
    (
        "      mark it visited, push it: the ball steps there; next loop",
        "      标记为已访问并入栈：小球走过去；进入下一轮",
    ),
    (
        "    g(m) ← g(n) + 1, h(m) ← |Δrow| + |Δcol|, parent(m) ← n",
        "    g(m) ← g(n) + 1，h(m) ← |Δ行| + |Δ列|，parent(m) ← n",
    ),
    (
        "    h(m) ← estimate, f(m) = g(m) + h(m), parent(m) ← n; put m in OPEN",
        "    h(m) ← 估价，f(m) = g(m) + h(m)，parent(m) ← n；m 放入 OPEN 表",
    ),
    (
        "    if m is in CLOSED or g(n) + 1 ≥ g(m): skip m",
        "    若 m 在 CLOSED 表中或 g(n) + 1 ≥ g(m)：跳过 m",
    ),
    (
        "    if m is reached already: skip m",
        "    若 m 已到达过：跳过 m",
    ),
    (
        "    if m was reached with g ≤ g(m): skip m",
        "    若 m 曾以 g ≤ g(m) 到达：跳过 m",
    ),
    (
        "    if the cell beyond d is open and not visited:",
        "    若 d 方向的格子是通路且未访问：",
    ),
    (
        "    m is reached, parent(m) ← n; m to the back of QUEUE",
        "    m 记为已到达，parent(m) ← n；m 加到队尾",
    ),
    (
        "    m is reached: g(m) = g(n) + 1, parent(m) ← n; m to the back of QUEUE",
        "    m 记为已到达：g(m) = g(n) + 1，parent(m) ← n；m 加到队尾",
    ),
    (
        "    m ← the board after it, g(m) = g(n) + 1",
        "    m ← 移动后的状态，g(m) = g(n) + 1",
    ),
    (
        "    m ← the board after it; if m is reached already: skip m",
        "    m ← 移动后的状态；若 m 已到达过：跳过 m",
    ),
    (
        "    put m in OPEN with f(m) = g(m) + h(m)",
        "    把 m 放入 OPEN 表，f(m) = g(m) + h(m)",
    ),
    (
        "  bound ← t, the smallest f above the old bound",
        "  bound ← t，即超过旧界限的最小 f",
    ),
    (
        "  depth(m) ← depth(n) + 1; push m",
        "  depth(m) ← depth(n) + 1；m 入栈",
    ),
    (
        "  f ← g + h(n); if f > bound: return f",
        "  f ← g + h(n)；若 f > bound：返回 f",
    ),
    (
        "  for d in the rule order down, right, left, up:",
        "  按规则顺序 下、右、左、上 依次取方向 d：",
    ),
    (
        "  for each move but undoing the last: t ← SEARCH(m, g + 1, bound)",
        "  对每个不撤销上一步的移动：t ← SEARCH(m, g + 1, bound)",
    ),
    (
        "  for each move of the blank (up, down, left, right):",
        "  对空格的每个移动（上、下、左、右）：",
    ),
    (
        "  for each move of the blank, except undoing the one that made n:",
        "  对空格的每个移动（撤销产生 n 的那一步除外）：",
    ),
    (
        "  for each open neighbour m of n (up, down, left, right):",
        "  对 n 的每个通路邻格 m（上、下、左、右）：",
    ),
    (
        "  if STACK is empty: there is no way out; done",
        "  若栈为空：没有出路；结束",
    ),
    (
        "  if depth(n) = limit or every move of n was tried: pop n; next loop",
        "  若 depth(n) = 深度界限或 n 的移动都已试过：n 出栈；进入下一轮",
    ),
    (
        "  if m is the goal: the moves on STACK are the answer; done",
        "  若 m 是目标状态：栈上的移动即为解；结束",
    ),
    (
        "  if m was reached at a depth ≤ depth(n) + 1: skip m",
        "  若 m 曾在深度 ≤ depth(n) + 1 处到达：跳过 m",
    ),
    (
        "  if n is the exit: STACK is the correct path; done",
        "  若 n 是出口：栈即正确路径；结束",
    ),
    (
        "  if n is the exit: follow the parent links back; done",
        "  若 n 是出口：沿父节点指针回溯出路径；结束",
    ),
    (
        "  if n is the goal: follow the parent links back; done",
        "  若 n 是目标状态：沿父节点指针回溯出解；结束",
    ),
    (
        "  if n is the goal: return FOUND",
        "  若 n 是目标状态：返回 FOUND",
    ),
    (
        "  if t = FOUND: the path is the answer; done",
        "  若 t = FOUND：路径即为解；结束",
    ),
    (
        "  m ← the board after n's next move (up, down, left, right)",
        "  m ← n 的下一个移动后的状态（上、下、左、右）",
    ),
    (
        "  move n from OPEN to CLOSED",
        "  把 n 从 OPEN 表移入 CLOSED 表",
    ),
    ("  move n to CLOSED", "  把 n 移入 CLOSED 表"),
    ("  n ← take the front of QUEUE", "  n ← 取出队首"),
    (
        "  n ← take the front of QUEUE; n joins CLOSED",
        "  n ← 取出队首；n 加入 CLOSED 表",
    ),
    (
        "  n ← the board in OPEN with the lowest f (ties: larger g, newest)",
        "  n ← OPEN 表中 f 最小的状态（相同时取 g 大、最新的）",
    ),
    (
        "  n ← the cell in OPEN with the lowest f = g + h (ties: larger g)",
        "  n ← OPEN 表中 f = g + h 最小的格子（相同时取 g 大的）",
    ),
    ("  n ← the top of STACK", "  n ← 栈顶"),
    (
        "  n ← the top of STACK (where the ball stands)",
        "  n ← 栈顶（小球所在处）",
    ),
    (
        "  no way left: pop n (a dead end), the ball steps back",
        "  无路可走：n 出栈（死路），小球退回一步",
    ),
    (
        "  return the smallest t (n leaves the path)",
        "  返回最小的 t（n 离开路径）",
    ),
    (
        "  t ← SEARCH(start, 0, bound)",
        "  t ← SEARCH(start, 0, bound)",
    ),
    (
        "A* takes the lowest f: {best} has f = {best_f}, you chose f = {f}",
        "A* 算法取 f 最小者：{best} 的 f = {best_f}，你选的 f = {f}",
    ),
    (
        "FOUND: the path of {n} moves is the answer",
        "FOUND：这条 {n} 步的路径即为解",
    ),
    (
        "OPEN is empty: the exit cannot be reached",
        "OPEN 表为空：无法到达出口",
    ),
    (
        "OPEN is empty: the goal cannot be reached",
        "OPEN 表为空：无法到达目标状态",
    ),
    (
        "OPEN ← [start], g(start) = 0, f(start) = h(start); CLOSED ← []",
        "OPEN ← [start]，g(start) = 0，f(start) = h(start)；CLOSED ← []",
    ),
    (
        "OPEN ← [start], g(start) = 0; CLOSED ← []",
        "OPEN ← [start]，g(start) = 0；CLOSED ← []",
    ),
    (
        "QUEUE ← [start]; start is reached",
        "QUEUE ← [start]；start 记为已到达",
    ),
    (
        "QUEUE ← [start]; start is reached, g(start) = 0",
        "QUEUE ← [start]；start 记为已到达，g(start) = 0",
    ),
    ("SEARCH(n, g, bound):", "SEARCH(n, g, bound)："),
    (
        "STACK ← [entry]; the entry is visited",
        "STACK ← [入口]；入口记为已访问",
    ),
    (
        "STACK ← [start], depth(start) = 0",
        "STACK ← [start]，depth(start) = 0",
    ),
    (
        "at {n}: every way is a wall or visited, so {n} is a dead end; pop it, the ball steps back to {back}",
        "在 {n}：各方向都是墙或已访问，{n} 是死路；出栈，小球退回 {back}",
    ),
    (
        "at {n}: {tried}{dir} is open, the ball steps to {m}",
        "在 {n}：{tried}{dir}是通路，小球走到 {m}",
    ),
    ("bound ← h(start)", "bound ← h(start)"),
    (
        "breadth-first takes the shallowest: {best} has g = {best_g}, you chose g = {g}",
        "广度优先搜索取最浅者：{best} 的 g = {best_g}，你选的 g = {g}",
    ),
    (
        "depth-first takes the top of the stack: {best}",
        "深度优先搜索取栈顶：{best}",
    ),
    (
        "every child went over the bound: return the smallest f, {t}",
        "所有子节点都超过界限：返回最小的 f，即 {t}",
    ),
    (
        "every move of the top was tried (depth {d}): pop it",
        "栈顶的移动都已试过（深度 {d}）：出栈",
    ),
    (
        "expand the board with the lowest f: f = g + h = {g} + {h} = {f}",
        "扩展 f 最小的状态：f = g + h = {g} + {h} = {f}",
    ),
    (
        "expand {n}: f = g + h = {g} + {h} = {f}, the lowest in OPEN",
        "扩展 {n}：f = g + h = {g} + {h} = {f}，为 OPEN 表中最小",
    ),
    (
        "expand: f = g + h = {g} + {h} = {f} ≤ bound {bound}",
        "扩展：f = g + h = {g} + {h} = {f} ≤ 界限 {bound}",
    ),
    (
        "f = g + h = {g} + {h} = {f} > bound {bound}: cut off, return {f}",
        "f = g + h = {g} + {h} = {f} > 界限 {bound}：剪枝，返回 {f}",
    ),
    ("it is the goal: return FOUND", "是目标状态：返回 FOUND"),
    (
        "it is the goal: the parent links give {g} moves",
        "是目标状态：沿父节点指针得到 {g} 步的解",
    ),
    (
        "it is the goal: the {n} moves on the stack are the answer",
        "是目标状态：栈上的 {n} 步即为解",
    ),
    ("loop:", "循环："),
    (
        "no board left: the goal cannot be reached",
        "无状态可扩展：无法到达目标状态",
    ),
    ("no solution within the depth limit", "在深度界限内无解"),
    (
        "nothing within the bound: it rises to {bound}, the smallest f that went over",
        "界限内无解：界限升至 {bound}，即超过界限的最小 f",
    ),
    (
        "take the front of the queue (g = {g}) and expand it",
        "取出队首（g = {g}）并扩展",
    ),
    (
        "take {n} from the front of the queue (g = {g}) and expand it",
        "从队首取出 {n}（g = {g}）并扩展",
    ),
    (
        "the ball starts at the entry {start}",
        "小球从入口 {start} 出发",
    ),
    (
        "the blank moves {dir}: a new board (g = {g}) goes to the back of the queue",
        "空格向{dir}移：新状态（g = {g}）加到队尾",
    ),
    (
        "the blank moves {dir}: that board is reached already, skipped",
        "空格向{dir}移：该状态已到达过，跳过",
    ),
    (
        "the blank moves {dir}: that board was reached at depth {seen} ≤ {d}, skipped",
        "空格向{dir}移：该状态曾在深度 {seen} ≤ {d} 处到达，跳过",
    ),
    (
        "the blank moves {dir}: that board was reached with g = {old} ≤ {g}, skipped",
        "空格向{dir}移：该状态曾以 g = {old} ≤ {g} 到达，跳过",
    ),
    (
        "the blank moves {dir}: the board goes on the stack at depth {d}",
        "空格向{dir}移：新状态以深度 {d} 入栈",
    ),
    (
        "the blank moves {dir}: the new board joins OPEN with g = {g}, h = {h}, f = {f}",
        "空格向{dir}移：新状态加入 OPEN 表，g = {g}，h = {h}，f = {f}",
    ),
    (
        "the bound starts at h(start) = {bound}",
        "界限从 h(start) = {bound} 开始",
    ),
    (
        "the exit cannot be reached: no path",
        "无法到达出口：无路径",
    ),
    (
        "the queue is empty: the exit cannot be reached",
        "队列为空：无法到达出口",
    ),
    (
        "the queue is empty: the goal cannot be reached",
        "队列为空：无法到达目标状态",
    ),
    (
        "the stack is empty: no solution within {limit} moves",
        "栈为空：{limit} 步内无解",
    ),
    (
        "the start goes into OPEN: g = 0, h = {h}, f = {h}",
        "初始状态放入 OPEN 表：g = 0，h = {h}，f = {h}",
    ),
    (
        "the start goes into the queue: g = 0",
        "初始状态入队：g = 0",
    ),
    (
        "the start goes on the stack: depth 0, limit {limit}",
        "初始状态入栈：深度 0，深度界限 {limit}",
    ),
    (
        "the start is the goal: no move is needed",
        "初始状态即目标状态：无需移动",
    ),
    (
        "the top is at the depth limit {limit}: pop it",
        "栈顶已到深度界限 {limit}：出栈",
    ),
    ("while OPEN is not empty:", "当 OPEN 表不为空："),
    ("while QUEUE is not empty:", "当队列不为空："),
    ("while STACK is not empty:", "当栈不为空："),
    ("{before}, {item}", "{before}，{item}"),
    ("{dir} is a wall", "{dir}是墙"),
    ("{dir} is visited", "{dir}已访问"),
    ("{list}; ", "{list}；"),
    ("{m} is in CLOSED: skipped", "{m} 在 CLOSED 表中：跳过"),
    (
        "{m} is in OPEN again, cheaper: g = {g}, h = {h}, f = {f}",
        "{m} 以更小代价重新放入 OPEN 表：g = {g}，h = {h}，f = {f}",
    ),
    (
        "{m} is in OPEN with g = {old} ≤ {g}: skipped",
        "{m} 已在 OPEN 表中且 g = {old} ≤ {g}：跳过",
    ),
    (
        "{m} is reached (g = {g}) and goes to the back of the queue",
        "{m} 已到达（g = {g}），加到队尾",
    ),
    ("{m} is reached already: skipped", "{m} 已到达过：跳过"),
    (
        "{m} joins OPEN: g = {g}, h = {h}, f = {f}",
        "{m} 加入 OPEN 表：g = {g}，h = {h}，f = {f}",
    ),
    ("{node} is not in the frontier", "{node} 不在待扩展的节点中"),
    (
        "{n} has no way left and the stack is empty: there is no way out",
        "{n} 无路可走且栈为空：没有出路",
    ),
    (
        "{n} is the exit: the path by parent links has {g} moves",
        "{n} 是出口：沿父节点指针得到 {g} 步的路径",
    ),
    (
        "{n} is the exit: the stack, {moves} moves, is the correct path",
        "{n} 是出口：栈中 {moves} 步即正确路径",
    ),
    (
        "{start} goes into OPEN: g = 0, h = {h}, f = {h}",
        "{start} 放入 OPEN 表：g = 0，h = {h}，f = {h}",
    ),
    ("{start} goes into the queue: g = 0", "{start} 入队：g = 0"),
    (" steps/s", " 步/秒"),
    ("A* search", "A* 算法"),
    (
        "Depth-first search, rule order down, right, left, up",
        "深度优先搜索，规则顺序 下、右、左、上",
    ),
    ("Learn", "学习"),
    (
        "Learn on / off: the search line by line (pause, step and speed then drive it)",
        "学习 开 / 关：逐行讲解搜索（此时暂停、单步和速度键控制它）",
    ),
    ("Learn: the search line by line", "学习：逐行讲解搜索"),
    ("OPEN, lowest f first", "OPEN 表，f 最小者在前"),
    ("Path, start first", "路径，初始状态在前"),
    ("Queue, front first", "队列，队首在前"),
    (
        "Stack, bottom first (the top is last)",
        "栈，栈底在前（栈顶在最后）",
    ),
    (
        "The search went on past {steps} steps without describing them.",
        "搜索在 {steps} 步之后继续进行，不再逐步讲解。",
    ),
    (
        "This search has no step to show.",
        "这次搜索没有可显示的步骤。",
    ),
    ("bound = {bound}", "界限 = {bound}"),
    ("depth", "深度"),
    ("node", "节点"),
    ("step", "步骤"),
    (
        "{open} in it, {closed} closed",
        "其中 {open} 个，已扩展 {closed} 个",
    ),
    ("… and {n} more", "… 还有 {n} 个"),
    ("▶ Play", "▶ 播放"),
    ("✖ Close (L)", "✖ 关闭 (L)"),
    (
        "Learn: step {done} / {total}",
        "学习：第 {done} / {total} 步",
    ),
    (
        "Learn on / off: A* from the player's cell, line by line",
        "学习 开 / 关：从玩家所在格子出发的 A* 算法，逐行讲解",
    ),
    (
        "Learn: A* from here, line by line",
        "学习：从这里出发的 A* 算法，逐行讲解",
    ),
    ("play / pause the steps", "播放 / 暂停步骤"),
    ("Score {right} / {asked}", "得分 {right} / {asked}"),
    ("Step on to the next choice.", "单步前进到下一次选择。"),
    ("Which node is taken next?", "下一个扩展哪个节点？"),
    (
        "You are the algorithm: choose each node to expand",
        "你来当算法：每次选择要扩展的节点",
    ),
    (
        "✔ Right: that is the node it takes.",
        "✔ 正确：算法正是扩展这个节点。",
    ),
    (
        "✔ Right: tied with the node it took (its tie rule chose the other).",
        "✔ 正确：与算法所选节点并列（它按平局规则选了另一个）。",
    ),
    (
        "Learn on / off: the chosen algorithm on this board, line by line",
        "学习 开 / 关：所选算法在这个棋盘上的求解，逐行讲解",
    ),
    (
        "Learn: the chosen algorithm here, line by line",
        "学习：所选算法在这里的求解，逐行讲解",
    ),
    ("the Learn button", "“学习”按钮"),
    (
        "(The frontier's order is hidden while you choose.)",
        "（你选择时隐藏待扩展节点的顺序。）",
    ),
    ("the goal", "目标状态"),
    (
        "Click a node to see its board and path.",
        "点击一个节点，查看它的棋盘和从初始状态出发的路径。",
    ),
    ("Fit", "全部显示"),
    ("Follow the step", "跟随当前步骤"),
    (
        "IDA* — pattern databases, explained as IDA* with Manhattan + linear conflict (its tuned search does not describe itself)",
        "迭代加深 A* —— 模式数据库；这里按以曼哈顿距离 + 线性冲突为启发函数的迭代加深 A* 讲解（优化过的搜索不逐步描述自己）",
    ),
    ("Search tree", "搜索树"),
    ("cut off: f is over the bound", "剪枝：f 超过界限"),
    (
        "from the start, {n} moves of the blank: {moves}",
        "从初始状态出发，空格移动 {n} 步：{moves}",
    ),
    ("its first child", "它的第一个子节点"),
    ("its parent", "它的父节点"),
    ("popped off the stack", "已出栈"),
    (
        "reached again more cheaply: out of date",
        "之后以更小代价再次到达：已过时",
    ),
    (
        "search tree: choose the parent, the first child, a sibling",
        "搜索树：选择父节点、第一个子节点、兄弟节点",
    ),
    (
        "search tree: follow the step again",
        "搜索树：重新跟随当前步骤",
    ),
    ("search tree: zoom in", "搜索树：放大"),
    ("search tree: zoom out", "搜索树：缩小"),
    (
        "the first {shown} nodes ({more} more not drawn)",
        "前 {shown} 个节点（另有 {more} 个未画出）",
    ),
    ("the sibling after", "后一个兄弟节点"),
    ("the sibling before", "前一个兄弟节点"),
    ("the start itself", "初始状态本身"),
    (
        "this iteration's bound = {bound}",
        "本轮迭代的界限 = {bound}",
    ),
    ("waiting in the frontier", "在待扩展节点中等待"),
    ("wheel, drag to pan", "滚轮；拖动以平移"),
    ("{shown} nodes", "{shown} 个节点"),
    ("expanded: its children were made", "已扩展：已生成其子节点"),
    ("visited, on the stack", "已访问，在栈中"),
    (
        "    carve the wall between c and n, and n; n is visited; push n",
        "    打通 c 与 n 之间的墙和 n；n 标为已访问；n 入栈",
    ),
    (
        "    carve w (and a, b); join the two sets",
        "    打通 w（以及 a、b）；合并两个集合",
    ),
    (
        "    carve w; its neighbours still walls (inside the border) join LIST",
        "    打通 w；它仍是墙的邻格（边界以内）加入 LIST",
    ),
    ("    n ← one of them at random", "    n ← 随机取其中一个"),
    ("  WALK ← [s]", "  WALK ← [s]"),
    (
        "  a, b ← the cells on w's two sides",
        "  a, b ← w 两侧的格子",
    ),
    ("  c ← the top of STACK", "  c ← STACK 的栈顶"),
    ("  else: pop c (step back)", "  否则：c 出栈（回溯）"),
    (
        "  else: w stays (a and b are joined already: it would make a loop)",
        "  否则：保留 w（a 与 b 已连通：打通会形成环）",
    ),
    ("  else: w stays a wall", "  否则：w 仍是墙"),
    (
        "  if a and b are in different sets:",
        "  若 a 与 b 属于不同集合：",
    ),
    (
        "  if c has unvisited neighbours (two blocks away):",
        "  若 c 有未访问的邻格（相隔两格）：",
    ),
    (
        "  if exactly one of w's four neighbours is a path:",
        "  若 w 的四个邻格中恰有一个是通路：",
    ),
    ("  if w is a path already: skip it", "  若 w 已是通路：跳过"),
    (
        "  on reaching the tree: carve the walk's loop-erased path into the tree",
        "  到达树时：把游走去环后的路径打通并加入树",
    ),
    (
        "  step to a random neighbour, remembering the way out of each cell (a loop erases itself)",
        "  随机走向一个邻格，记住离开每格的方向（形成的环会自行抹去）",
    ),
    (
        "  w ← take a random wall out of LIST",
        "  w ← 从 LIST 中随机取出一堵墙",
    ),
    (
        "Carving: Wilson's loop-erased random walks",
        "生成迷宫：Wilson 算法的去环随机游走",
    ),
    (
        "Carving: randomized Kruskal (sets of cells)",
        "生成迷宫：随机 Kruskal 算法（格子的集合）",
    ),
    (
        "Carving: randomized Prim (the wall list)",
        "生成迷宫：随机 Prim 算法（墙列表）",
    ),
    ("Carving: the recursive backtracker", "生成迷宫：递归回溯"),
    ("LIST is empty: the maze is done", "LIST 为空：迷宫生成完毕"),
    (
        "LIST of walls (one is taken at random)",
        "墙列表 LIST（每次随机取一堵）",
    ),
    (
        "STACK is empty: every cell is carved; done",
        "STACK 为空：所有格子都已打通；结束",
    ),
    (
        "STACK ← [the first cell]; carve it, it is visited",
        "STACK ← [第一个格子]；打通它，标为已访问",
    ),
    (
        "WALK, its start first (loops erased)",
        "游走 WALK，起点在前（已去环）",
    ),
    (
        "WALLS still to try, the next first",
        "尚待尝试的墙 WALLS，下一堵在前",
    ),
    (
        "carve one random cell: the tree starts with it",
        "随机打通一个格子：树从它开始",
    ),
    (
        "carve the block next to the entry; LIST ← its wall neighbours",
        "打通入口旁的格子；LIST ← 它相邻的墙",
    ),
    (
        "carve the first cell {cell}: the stack holds it",
        "打通第一个格子 {cell}：它入栈",
    ),
    (
        "carve {cell}, chosen at random: the tree starts with it",
        "打通随机选中的 {cell}：树从它开始",
    ),
    (
        "carve {cell}; its wall neighbours {a} and {b} join the list",
        "打通 {cell}；相邻的墙 {a} 和 {b} 加入列表",
    ),
    (
        "every cell is a set of its own; WALLS ← every wall between two cells, shuffled",
        "每个格子自成一个集合；WALLS ← 两格之间的所有墙，随机打乱",
    ),
    ("every cell is in the tree: done", "所有格子都在树中：结束"),
    (
        "every cell is in the tree: done, {n} cells",
        "所有格子都在树中：结束，共 {n} 格",
    ),
    (
        "every wall was tried: one set is left, a perfect maze",
        "所有墙都已尝试：只剩一个集合，得到完美迷宫",
    ),
    (
        "every wall was tried: one set is left; done",
        "所有墙都已尝试：只剩一个集合；结束",
    ),
    (
        "for each cell s not in the tree:",
        "对每个不在树中的格子 s：",
    ),
    (
        "for each wall w of WALLS, in order:",
        "按顺序对 WALLS 中的每堵墙 w：",
    ),
    (
        "how it was carved: {generator}",
        "迷宫如何生成：{generator}",
    ),
    ("step to {cell}, chosen at random", "随机走到 {cell}"),
    (
        "step to {cell}: it is in the tree, the walk ends ({n} cells, loops erased)",
        "走到 {cell}：它在树中，游走结束（{n} 格，已去环）",
    ),
    (
        "step to {cell}: the walk was there already, the loop it made is erased",
        "走到 {cell}：游走到过这里，形成的环被抹去",
    ),
    (
        "the list is empty: the maze is done, {n} blocks carved",
        "列表为空：迷宫生成完毕，共打通 {n} 格",
    ),
    (
        "the stack is empty: all {n} cells are carved",
        "栈为空：{n} 个格子全部打通",
    ),
    (
        "the walk reached the tree: its loop-erased path, {n} cells from {cell}, is carved into it",
        "游走到达树：从 {cell} 出发、去环后共 {n} 格的路径被打通并加入树",
    ),
    ("while LIST is not empty:", "当 LIST 不为空："),
    (
        "{a} and {b} are in different sets: carve the wall {wall} between them; {sets} sets left",
        "{a} 与 {b} 属于不同集合：打通它们之间的墙 {wall}；剩 {sets} 个集合",
    ),
    (
        "{a} and {b} are in one set already: the wall {wall} stays",
        "{a} 与 {b} 已在同一集合：保留墙 {wall}",
    ),
    (
        "{cell} has no unvisited neighbour: pop it",
        "{cell} 没有未访问的邻格：出栈",
    ),
    (
        "{cell} has no unvisited neighbour: pop it, step back to {back}",
        "{cell} 没有未访问的邻格：出栈，回溯到 {back}",
    ),
    (
        "{cell} is not in the tree: a walk starts from it",
        "{cell} 不在树中：从它开始游走",
    ),
    (
        "{from} has {n} unvisited neighbours: carve towards {cell}, chosen at random, and push it",
        "{from} 有 {n} 个未访问的邻格：随机选中 {cell}，打通过去并入栈",
    ),
    (
        "{n} cells, each a set of its own; {walls} walls between them, shuffled",
        "{n} 个格子各自成一个集合；它们之间的 {walls} 堵墙随机打乱",
    ),
    (
        "{open} in it, {closed} cells carved",
        "其中 {open} 个，已打通 {closed} 格",
    ),
    (
        "{open} still to try, {closed} tried",
        "尚待尝试 {open} 堵，已尝试 {closed} 堵",
    ),
    ("{sets} sets of joined cells", "{sets} 个连通的格子集合"),
    (
        "{wall}, taken at random, is a path already: skip it",
        "随机取出的 {wall} 已是通路：跳过",
    ),
    (
        "{wall}, taken at random, touches exactly one path: carve it; {n} wall neighbours join the list",
        "随机取出的 {wall} 恰与一条通路相邻：打通它；{n} 堵相邻的墙加入列表",
    ),
    (
        "{wall}, taken at random, touches {n} paths, not one: it stays a wall",
        "随机取出的 {wall} 与 {n} 条通路相邻，不是一条：仍是墙",
    ),
    (
        "  a constraint with all its mines found: its other cells are safe",
        "  某约束的地雷已全部找到：它的其余格子都安全",
    ),
    (
        "  a constraint with as many unknown cells as missing mines: they are all mines",
        "  某约束的未知格子数等于还缺的地雷数：它们全是地雷",
    ),
    (
        "Learn on / off: the robot's reasoning on this board, step by step",
        "学习 开 / 关：机器人在这个棋盘上的推理，逐步讲解",
    ),
    (
        "Learn: the robot's reasoning here, step by step",
        "学习：机器人在这里的推理，逐步讲解",
    ),
    (
        "On a hidden cell, Enter (A) says it is certainly safe, F or 2 (X) certainly a mine: the robot checks your claim and shows its proof.",
        "在一个未翻开的格子上，Enter（A）断言它一定安全，F 或 2（X）断言它一定是地雷：机器人检查你的断言并给出证明。",
    ),
    (
        "Rows and columns count from 1, top left.",
        "行和列从左上角起，从 1 开始计数。",
    ),
    (
        "The robot's reasoning on this board",
        "机器人在这个棋盘上的推理",
    ),
    ("You are the robot", "你来当机器人"),
    (
        "a chance of 0: certainly safe; a chance of 1: certainly a mine",
        "概率为 0：一定安全；概率为 1：一定是地雷",
    ),
    ("a mine", "是地雷"),
    (
        "certain now: {safe} safe cells and {mines} mines",
        "现在确定：{safe} 个安全格子，{mines} 个地雷",
    ),
    ("chance of a mine used: {p}%", "所用的地雷概率：{p}%"),
    (
        "combine the groups with the mines left for the cells next to no number: each cell's chance of a mine",
        "把各组与剩余地雷在不挨数字的格子上的分布合起来：得到每个格子是地雷的概率",
    ),
    (
        "each open number n: its hidden neighbours hold n mines (less those exploded): a constraint",
        "每个翻开的数字 n：它未翻开的邻格中有 n 个地雷（减去已爆炸的）：一个约束",
    ),
    (
        "for each group: count every way to place its mines that fits all its numbers",
        "对每一组：数出符合它所有数字的每一种地雷摆法",
    ),
    (
        "group the unknown cells next to numbers: cells sharing a number are in one group",
        "把挨着数字的未知格子分组：共用一个数字的格子在同一组",
    ),
    (
        "group {i}: {n} cells, too many placements to count within the budget: its chances are estimates",
        "第 {i} 组：{n} 个格子，摆法太多，预算内数不完：其概率为估计值",
    ),
    (
        "group {i}: {n} cells, {ways} ways to place its mines fit its numbers",
        "第 {i} 组：{n} 个格子，有 {ways} 种地雷摆法符合它的数字",
    ),
    (
        "mark {cell}: it is certainly a mine",
        "标记 {cell}：它一定是地雷",
    ),
    (
        "no hidden cell is left: nothing to do",
        "没有未翻开的格子：无事可做",
    ),
    (
        "no number decides a cell by itself: on to counting",
        "没有哪个数字能单独确定格子：开始计数",
    ),
    (
        "not certain: {cell} is a mine in {p}% of the placements that fit the numbers",
        "不确定：在符合数字的摆法中，{cell} 有 {p}% 是地雷",
    ),
    (
        "not proven: the robot cannot decide {cell} either (its group is too large to count; about {p}% a mine)",
        "无法证明：机器人也确定不了 {cell}（它所在的组太大数不完；约 {p}% 是地雷）",
    ),
    (
        "nothing is certain: open {cell}, a mine with chance {p}%, the best bet looking one move ahead",
        "没有确定的格子：翻开 {cell}，地雷概率 {p}%，向前看一步的最佳选择",
    ),
    (
        "nothing is certain: open {cell}, a mine with chance {p}%, the best chance of winning, counted over every way the mines left can lie",
        "没有确定的格子：翻开 {cell}，地雷概率 {p}%；把剩下地雷的每一种摆法都算过，这样赢的机会最大",
    ),
    (
        "nothing is certain: open {cell}, a mine with chance {p}%, the best chance of clearing its closed region, counted over every way its mines can lie",
        "没有确定的格子：翻开 {cell}，地雷概率 {p}%；把这块封闭区域里地雷的每一种摆法都算过，这样清完它的机会最大",
    ),
    (
        "a guess no move can spare: open {cell} now (a mine with chance {p}%); no other cell will ever tell its cells apart, so waiting makes it no safer",
        "这一猜躲不掉：现在就翻开 {cell}（地雷概率 {p}%）；别的格子永远分辨不了这几格，等下去也不会更安全",
    ),
    (
        "open {cell} now (a mine with chance {p}%): if it is a mine, the game comes to a coin toss there anyway",
        "现在翻开 {cell}（地雷概率 {p}%）：如果它是地雷，那里迟早也只能碰运气二选一",
    ),
    (
        "nothing is open yet: open the corner {cell} (fewest neighbours, the likeliest zero), a mine with chance {p}%",
        "还没有翻开的格子：翻开角上的 {cell}（邻格最少，最可能是 0），地雷概率 {p}%",
    ),
    (
        "nothing more follows number by number: {safe} safe and {mines} mines so far",
        "逐个数字再推不出更多：目前 {safe} 个安全，{mines} 个地雷",
    ),
    (
        "open a safe cell, or mark a mine; if none, open the least risky cell (looking one move ahead)",
        "翻开一个安全格子，或标记一个地雷；若都没有，翻开风险最小的格子（向前看一步）",
    ),
    (
        "open {cell}: it is certainly safe",
        "翻开 {cell}：它一定安全",
    ),
    ("repeat until nothing changes:", "重复直到不再变化："),
    (
        "right: {cell} is certainly {what}, by the numbers alone",
        "正确：{cell} 一定{what}，单凭数字即可推出",
    ),
    (
        "right: {cell} is {what} in every placement of mines that fits the numbers",
        "正确：在每一种符合数字的地雷摆法中，{cell} 都{what}",
    ),
    ("the Learn box", "“学习”复选框"),
    ("the next step of the reasoning", "推理的下一步"),
    (
        "the number at {number}: its hidden neighbours {cells} hold {mines} mines",
        "{number} 处的数字：它未翻开的邻格 {cells} 中有 {mines} 个地雷",
    ),
    ("the step before", "上一步"),
    (
        "wrong: {cell} is certainly {what}",
        "错误：{cell} 一定{what}",
    ),
    (
        "you are the robot: claim the cell certainly a mine",
        "你来当机器人：断言该格一定是地雷",
    ),
    (
        "you are the robot: claim the cell certainly safe",
        "你来当机器人：断言该格一定安全",
    ),
    ("{cell} is not a hidden cell", "{cell} 不是未翻开的格子"),
    (
        "{k} of the {open} open cells touch hidden cells: {k} constraints",
        "{open} 个翻开的格子中有 {k} 个挨着未翻开的格子：{k} 个约束",
    ),
    (
        "{left} mines are left for the rest: each of the {free} cells next to no number is a mine with chance {p}%",
        "其余还剩 {left} 个地雷：不挨数字的 {free} 个格子各有 {p}% 的概率是地雷",
    ),
    (
        "{number}: mines needed {mines}, all found: {cells} safe",
        "{number}：需要 {mines} 个地雷，已全部找到：{cells} 安全",
    ),
    (
        "{number}: mines needed {mines}, and only that many cells can still hold them: {cells} all mines",
        "{number}：需要 {mines} 个地雷，恰好只剩这么多格子能放：{cells} 全是地雷",
    ),
    (
        "{unknown} unknown cells next to numbers fall into {groups} groups; {free} hidden cells touch no number",
        "挨着数字的 {unknown} 个未知格子分成 {groups} 组；{free} 个未翻开的格子不挨数字",
    ),
    (
        "Learn on / off: the scene's algorithm on its own board, step by step (the keys above then step it)",
        "学习 开 / 关：在本场景自己的棋盘上逐步讲解其算法（此时上面的按键用来单步）",
    ),
    ("Learn: this scene step by step", "学习：逐步讲解本场景"),
    (
        "You are the algorithm: choose where depth-first goes next",
        "你来当算法：选择深度优先搜索下一步去哪里",
    ),
    (
        "depth-first takes the first way in its order: {best}",
        "深度优先搜索按它的顺序走第一条路：{best}",
    ),
    ("{node} is not a way from here", "{node} 不是从这里出发的路"),
    ("the Run every solver button", "“运行所有求解算法”按钮"),
    ("Effects (M)", "音效（M）"),
    (
        "Left / Right (d-pad): the volume. Enter, M or Select: effects off / on. Kept for next time.",
        "左 / 右（十字键）：音量。Enter、M 或 Select：关闭 / 打开音效。下次启动时保留。",
    ),
    (
        "M: effects off / on (gamepad: Select in the panels)",
        "M：关闭 / 打开音效（手柄：在面板中按 Select）",
    ),
    (
        "Sound off (M turns it on again)",
        "声音已关闭（按 M 重新打开）",
    ),
    (
        "Sound on: {percent}% (M turns it off)",
        "声音已打开：{percent}%（按 M 关闭）",
    ),
    ("Sound: off", "声音：关"),
    ("Sound: {percent}%", "声音：{percent}%"),
    ("Sounds in the Showcase", "展示模式的声音"),
    ("Volume", "音量"),
    ("in the panels", "在面板中"),
    ("sound effects off / on", "关闭 / 打开音效"),
    (
        "sound effects off / on (left / right on Sound: the volume)",
        "关闭 / 打开音效（在“声音”上按左 / 右：音量）",
    ),
    ("the Sound menu on the top bar", "顶栏的“声音”菜单"),
    (
        "\"moves\" is a list of move names",
        "“moves” 是走法名称的列表",
    ),
    ("\"path\" is a list of states", "“path” 是状态的列表"),
    (
        "A* on mazes with Manhattan distance: the fewest moves, fewer expansions",
        "迷宫上的 A* 算法（曼哈顿距离）：步数最少，扩展更少",
    ),
    (
        "A* on the 8-puzzle with Manhattan distance",
        "八数码上的 A* 算法（曼哈顿距离）",
    ),
    (
        "A* on the 8-puzzle with misplaced tiles",
        "八数码上的 A* 算法（不在位将牌数）",
    ),
    (
        "A* on weighted graphs (Romania, straight-line distance h)",
        "带权图上的 A* 算法（罗马尼亚问题，h 为直线距离）",
    ),
    (
        "A* takes the lowest f: {best} has f = {best_f}, you took {s} with f = {f}",
        "A* 算法取 f 最小者：{best} 的 f = {best_f}，你取了 f = {f} 的 {s}",
    ),
    ("Lab report: {task}", "实验报告：{task}"),
    (
        "The algorithm takes {state} here.",
        "此处算法应取 {state}。",
    ),
    ("Verdict", "评测结果"),
    (
        "[{row}, {col}] is outside the maze ({height} rows, {width} columns)",
        "[{row}, {col}] 在迷宫之外（{height} 行，{width} 列）",
    ),
    (
        "({row}, {col}) is off the field ({height} rows, {width} columns)",
        "({row}, {col}) 在雷区之外（{height} 行，{width} 列）",
    ),
    (
        "a board is its tiles row by row, 0 the blank",
        "棋盘按行写出将牌，0 为空格",
    ),
    (
        "a case needs a grid (a maze) or edges (a graph)",
        "每个用例需要 grid（迷宫）或 edges（图）",
    ),
    ("a cell is [row, col]", "格子写作 [行, 列]"),
    (
        "a graph case needs a goal: a name or a list of names",
        "图的用例需要目标：一个名称或名称列表",
    ),
    (
        "a graph case needs a start node (a name)",
        "图的用例需要起点（一个名称）",
    ),
    (
        "a message needs an \"op\" (expand, push, solution, fail): {line}",
        "消息需要 “op”（expand、push、solution、fail）：{line}",
    ),
    ("a node is its name", "结点以其名称表示"),
    (
        "a search expands the start {start} first; you expanded {s}",
        "搜索应先扩展初始状态 {start}；你扩展了 {s}",
    ),
    (
        "a solution has a \"path\" or \"moves\"",
        "solution 需要 “path” 或 “moves”",
    ),
    (
        "after the state come pairs like g 3 h 5",
        "状态之后应是成对的值，如 g 3 h 5",
    ),
    (
        "breadth-first finds the fewest moves: your path has {moves}, the shortest {best}",
        "广度优先找到步数最少的路径：你的路径有 {moves} 步，最短为 {best} 步",
    ),
    (
        "breadth-first search on mazes: the fewest moves",
        "迷宫上的广度优先搜索：步数最少",
    ),
    (
        "breadth-first search on the 8-puzzle",
        "八数码上的广度优先搜索",
    ),
    (
        "breadth-first search on weighted graphs (Romania): the fewest edges",
        "带权图上的广度优先搜索（罗马尼亚问题）：边数最少",
    ),
    (
        "breadth-first takes the shallowest: {best} is {best_d} moves from the start, you took {s} at {d}",
        "广度优先取最浅者：{best} 距起点 {best_d} 步，你取了 {d} 步处的 {s}",
    ),
    ("case", "用例"),
    ("case {n}: {why}", "用例 {n}：{why}"),
    ("code", "代码"),
    (
        "costs has {rows} rows, the grid {height}",
        "costs 有 {rows} 行，grid 有 {height} 行",
    ),
    (
        "costs row {row} has {n} digits, the grid {width} columns",
        "costs 第 {row} 行有 {n} 个数字，grid 有 {width} 列",
    ),
    (
        "costs row {row}, column {col}: an open cell costs at least 1",
        "costs 第 {row} 行第 {col} 列：通路格的代价至少为 1",
    ),
    (
        "costs row {row}: {ch} is not a digit",
        "costs 第 {row} 行：{ch} 不是数字",
    ),
    (
        "depth first in the rule order goes from {from} to {best} next, not to {s}",
        "按规则顺序的深度优先应从 {from} 走到 {best}，而不是 {s}",
    ),
    (
        "IDA* on the 15-puzzle with Manhattan distance",
        "十五数码上的迭代加深 A* 算法（曼哈顿距离）",
    ),
    (
        "IDA* finishes {from} before going back: {best} has f = {f}, within the bound {bound}, and is not searched yet; you took {s}",
        "迭代加深 A* 回溯前要搜完 {from}：{best} 的 f = {f}，未超过界限 {bound}，还没有搜索；你取了 {s}",
    ),
    (
        "IDA* does not expand {s}: its f = {f} is above this iteration's bound {bound}",
        "迭代加深 A* 不扩展 {s}：它的 f = {f} 超过了本轮的界限 {bound}",
    ),
    (
        "IDA* starts a new iteration only when this one is finished: {best} (reached from {from}) has f = {f}, within the bound {bound}, and is not searched yet",
        "迭代加深 A* 要搜完本轮才开始新一轮：{best}（由 {from} 到达）的 f = {f}，未超过界限 {bound}，还没有搜索",
    ),
    (
        "nothing went over the bound {bound}: every state was searched, so IDA* ends with fail",
        "没有状态超过界限 {bound}：所有状态都已搜索，迭代加深 A* 应以 fail 结束",
    ),
    (
        "you already searched below {s} in this iteration (bound {bound})",
        "本轮（界限 {bound}）中你已经搜索过 {s} 之下的部分",
    ),
    (
        "IDA* goes on depth first from its branch: {s} is not a successor of a state on it; next is {best} (reached from {from}, f = {f})",
        "迭代加深 A* 沿当前分支深度优先地继续：{s} 不是分支上任何状态的后继；下一个应是 {best}（由 {from} 到达，f = {f}）",
    ),
    (
        "{s} is not a successor of a state on your branch; this iteration is finished, so IDA* starts again from the start",
        "{s} 不是你的分支上任何状态的后继；本轮已搜完，迭代加深 A* 应从起点重新开始",
    ),
    (
        "\"values\" is a list of numbers",
        "\"values\" 是一个数值列表",
    ),
    (
        "A* on {k} boards expands {yours} with your h, {manhattan} with Manhattan, {misplaced} with misplaced tiles",
        "A* 算法在 {k} 个棋局上：用你的 h 扩展 {yours} 个，用曼哈顿距离 {manhattan} 个，用不在位将牌数 {misplaced} 个",
    ),
    (
        "h is not admissible: h({s}) = {h}, but the goal is only {d} moves away ({n} boards overestimated)",
        "h 不可采纳：h({s}) = {h}，但离目标只有 {d} 步（{n} 个棋局被高估）",
    ),
    (
        "h is not consistent: h({a}) = {ha}, but one move away h({b}) = {hb}, a drop of more than one move ({n} moves like it)",
        "h 不满足一致性：h({a}) = {ha}，而一步之外 h({b}) = {hb}，下降超过一步（共 {n} 处这样的移动）",
    ),
    (
        "h on all {n} boards that reach the goal: mean {mean} (Manhattan {manhattan}, misplaced tiles {misplaced}, true distance {truth}); at least Manhattan on {dom} of them",
        "h 在能到达目标的全部 {n} 个棋局上：平均 {mean}（曼哈顿距离 {manhattan}，不在位将牌数 {misplaced}，真实距离 {truth}）；其中 {dom} 个不小于曼哈顿距离",
    ),
    (
        "h(goal) = {h}: at the goal no move is left, so h must be 0 there",
        "h(目标) = {h}：到了目标已无需移动，h 在目标处必须为 0",
    ),
    (
        "h({s}) = {h}: an estimate is a number of moves, 0 or more",
        "h({s}) = {h}：估计值是步数，应为 0 或更大",
    ),
    (
        "line {n}: {got} values for {asked} boards",
        "第 {n} 行：{asked} 个棋局却给了 {got} 个值",
    ),
    (
        "the answer to eval is a line h v1 v2 …: {line}",
        "对 eval 的回答是一行 h v1 v2 …：{line}",
    ),
    (
        "the answer to eval is an h message with the values: {line}",
        "对 eval 的回答是带 values 的 h 消息：{line}",
    ),
    (
        "your heuristic for the 8-puzzle: 0 at the goal, admissible and consistent on every board, and how informed",
        "你为八数码写的启发函数：目标处为 0，在每个棋局上可采纳且一致，以及它的信息量",
    ),
    ("{v} is not a number", "{v} 不是数值"),
    (
        "a Minesweeper agent on the report's field: 20×20, 81 mines, 10 lives, certain cells before guesses",
        "报告中的扫雷智能体：20×20，81 颗地雷，10 条命，先走确定安全的格子再猜",
    ),
    (
        "a move is open, flag or chord with \"at\": [row, col]: {line}",
        "一步是带 \"at\": [行, 列] 的 open、flag 或 chord：{line}",
    ),
    (
        "a move is open, flag or chord with a row and a column: {line}",
        "一步是 open、flag 或 chord，加行号和列号：{line}",
    ),
    (
        "guesses made while a cell was certainly safe by deeper reasoning (the exact robot opens it): {n}",
        "有格子经更深的推理可确定安全时仍去猜的次数（精确机器人会翻开它）：{n}",
    ),
    ("lost", "失败"),
    ("that cell is outside the field", "该格子在雷区之外"),
    (
        "the built-in robot on this field from the same first cell: {result}, mines hit: {hit}, guesses: {guesses}",
        "内置机器人在同一雷区、从同一格开始：{result}，踩雷 {hit} 次，猜测 {guesses} 次",
    ),
    ("this case has no field to play", "这个用例没有可玩的雷区"),
    ("won", "获胜"),
    (
        "you opened {cell}, a guess ({risk}% mine), while {sure} was certainly safe by its numbers",
        "你翻开了 {cell}，这是猜测（{risk}% 是地雷），而 {sure} 由周围数字可确定安全",
    ),
    (
        "{cell} cannot be chorded: it must be an open number with as many flags around it",
        "{cell} 不能双击翻开：它须是已翻开的数字，且周围的标记数与之相等",
    ),
    ("{cell} is already open", "{cell} 已经翻开"),
    (
        "{cell} is flagged: lift the flag before opening it",
        "{cell} 已被标记：先取消标记再翻开",
    ),
    (
        "{cell} is open, it cannot be flagged",
        "{cell} 已翻开，不能标记",
    ),
    (
        "{n} moves and the game is not over: the agent is stuck",
        "已走 {n} 步游戏仍未结束：智能体卡住了",
    ),
    (
        "{result} in {moves} moves, mines hit: {hit}; guesses: {guesses}, {riskier} of them riskier than the safest cell",
        "{moves} 步后{result}，踩雷 {hit} 次；猜测 {guesses} 次，其中 {riskier} 次比最安全的格子更冒险",
    ),
    ("unfinished", "未下完"),
    (
        "over {n} fields: won {won}, mines hit {hit}; the built-in robot on the same fields: won {robot_won}, mines hit {robot_hit}",
        "共 {n} 个雷区：获胜 {won} 局，踩雷 {hit} 次；内置机器人在同样的雷区上：获胜 {robot_won} 局，踩雷 {robot_hit} 次",
    ),
    (
        "the program ended after {n} of {total} boards: it must answer every eval",
        "程序在 {total} 个棋局中只回答了 {n} 个就结束了：每条 eval 都要回答",
    ),
    (
        "the program ended after {n} moves, before the game did: it must answer every turn",
        "程序走了 {n} 步、游戏尚未结束就退出了：每个回合都要回答",
    ),
    (
        "depth-first search on mazes, with a CLOSED set",
        "迷宫上的深度优先搜索（带 CLOSED 表）",
    ),
    (
        "depth-first search on the 8-puzzle, with a CLOSED set",
        "八数码上的深度优先搜索（带 CLOSED 表）",
    ),
    (
        "depth-first search on weighted graphs (Romania)",
        "带权图上的深度优先搜索（罗马尼亚问题）",
    ),
    (
        "depth-first takes the newest state: {best} (reached from {from}) comes before {s}",
        "深度优先取最新的状态：{best}（由 {from} 到达）应在 {s} 之前",
    ),
    (
        "every case of a lab file is of one kind",
        "实验文件的所有用例须为同一类",
    ),
    ("expand needs a state", "expand 需要一个状态"),
    ("expansions", "扩展数"),
    (
        "greedy best-first search on weighted graphs (Romania, straight-line h)",
        "带权图上的贪婪最佳优先搜索（罗马尼亚问题，h 为直线距离）",
    ),
    (
        "greedy best-first takes the lowest h: {best} has h = {best_h}, you took {s} with h = {h}",
        "贪婪最佳优先取 h 最小者：{best} 的 h = {best_h}，你取了 h = {h} 的 {s}",
    ),
    ("isolation", "隔离"),
    ("limits", "限制"),
    (
        "line {n} is longer than {most} bytes",
        "第 {n} 行超过 {most} 字节",
    ),
    ("line {n} is not UTF-8 text", "第 {n} 行不是 UTF-8 文本"),
    ("line {n}: {why}", "第 {n} 行：{why}"),
    (
        "move {k} of your path, {name}, is not a move from {s}",
        "你路径中的第 {k} 步 {name} 不是 {s} 的走法",
    ),
    (
        "not a JSON message: {why} in {line}",
        "不是 JSON 消息：{why}，在 {line} 中",
    ),
    ("path cost (best)", "路径代价（最优）"),
    (
        "path cost {cost} (best {best})",
        "路径代价 {cost}（最优 {best}）",
    ),
    ("push needs a state", "push 需要一个状态"),
    ("reference", "参考"),
    ("step {step}: ", "第 {step} 步："),
    ("task", "任务"),
    ("that cell is outside the maze", "该格子在迷宫之外"),
    (
        "the classic maze's ball: depth first in the order down, right, left, up, backtracking",
        "经典迷宫的小球：按下、右、左、上的顺序深度优先，带回溯",
    ),
    (
        "the goal was expanded at step {at}: the search stops there, yet you expanded {s}",
        "目标已在第 {at} 步扩展，搜索应在此停止，你却又扩展了 {s}",
    ),
    ("the lab file has no cases", "实验文件没有用例"),
    ("the lab file is not valid: {why}", "实验文件无效：{why}"),
    (
        "the lab file's name must be one word, like my-lab",
        "实验文件的 name 须为一个词，如 my-lab",
    ),
    ("the maze has no exit E", "迷宫没有出口 E"),
    (
        "the program closed its output but did not end",
        "程序关闭了输出但没有结束",
    ),
    (
        "the program could not be started: {why}",
        "程序无法启动：{why}",
    ),
    ("the program ended abnormally", "程序异常结束"),
    (
        "the program ended without an answer: its last line must be a solution or fail",
        "程序结束时没有给出答案：最后一行须为 solution 或 fail",
    ),
    (
        "the program stopped with an error: {why}",
        "程序因错误而停止：{why}",
    ),
    (
        "the program exited with code {code}",
        "程序以代码 {code} 退出",
    ),
    (
        "the program has been waiting for {s} seconds without a word: does it flush each line it prints?",
        "程序已 {s} 秒没有输出也没有计算：它打印每行后是否刷新了输出？",
    ),
    (
        "the program has been waiting for {s} seconds without a word: does it flush each line it prints? Or does it wait for its successors? Only an oracle session sends them (--session oracle; in the game, tick successors sent by ai-arcade)",
        "程序已 {s} 秒没有输出也没有计算：它打印每行后是否刷新了输出？还是在等待后继状态？只有 oracle 会话才会发送它们（--session oracle；在游戏中勾选“后继状态由 ai-arcade 发送”）",
    ),
    (
        "the program printed more than {most} bytes",
        "程序输出超过 {most} 字节",
    ),
    (
        "the program ran out of memory ({mb} MiB)",
        "程序内存耗尽（{mb} MiB）",
    ),
    ("the program ran past {s} seconds", "程序运行超过 {s} 秒"),
    (
        "the program used more than {mb} MiB of memory",
        "程序使用的内存超过 {mb} MiB",
    ),
    (
        "the program used more than {s} seconds of processor time",
        "程序使用的处理器时间超过 {s} 秒",
    ),
    (
        "the program was killed by signal {signal}",
        "程序被信号 {signal} 终止",
    ),
    ("the run was stopped", "运行已停止"),
    (
        "this search finds the cheapest path: yours costs {cost}, the cheapest {best}",
        "此搜索应找到代价最小的路径：你的代价为 {cost}，最小为 {best}",
    ),
    ("time", "时间"),
    (
        "uniform-cost search on mazes with mud (3) and water (7): the cheapest path",
        "有泥地（3）和水（7）的迷宫上的一致代价搜索：代价最小的路径",
    ),
    (
        "uniform-cost search on weighted graphs (Romania): the cheapest path",
        "带权图上的一致代价搜索（罗马尼亚问题）：代价最小的路径",
    ),
    (
        "uniform-cost search takes the lowest g: {best} has g = {best_g}, you took {s} with g = {g}",
        "一致代价搜索取 g 最小者：{best} 的 g = {best_g}，你取了 g = {g} 的 {s}",
    ),
    ("verdict", "结果"),
    (
        "you answered fail, but a goal can be reached (the cheapest path costs {cost})",
        "你回答 fail，但目标可以到达（最小代价路径为 {cost}）",
    ),
    (
        "you answered fail with your frontier not empty ({n} on it, {s} next): a search answers fail only once its frontier is empty",
        "你回答 fail，但待扩展的节点不为空（还有 {n} 个，下一个是 {s}）：只有待扩展的节点为空时，搜索才能回答 fail",
    ),
    (
        "IDA* answers fail only once an iteration ends with nothing over its bound: {best} (reached from {from}) has f = {f}, within the bound {bound}, and is not searched yet",
        "迭代加深 A* 只有在一轮迭代结束且没有状态超过界限时才能回答 fail：{best}（从 {from} 到达）的 f = {f}，在界限 {bound} 之内，还没有搜索",
    ),
    (
        "IDA* answers fail only once nothing goes over its bound: f = {f} went over the bound {bound}, so the next iteration could still reach a goal",
        "迭代加深 A* 只有在没有状态超过界限时才能回答 fail：f = {f} 超过了界限 {bound}，下一轮迭代仍可能到达目标",
    ),
    ("you expanded {s}: {why}", "你扩展了 {s}：{why}"),
    (
        "you pushed {s}, which is not a successor of the state you expanded last",
        "你压入了 {s}，它不是你最近扩展的状态的后继",
    ),
    (
        "you said f = {said} for {s}; g + h = {f}",
        "你给出 {s} 的 f = {said}；g + h = {f}",
    ),
    (
        "you said g = {said} for {s}; its cheapest way through expanded states costs {g}",
        "你给出 {s} 的 g = {said}；经已扩展状态到达它的最小代价为 {g}",
    ),
    (
        "you said h = {said} for {s}; the task's h is {h}",
        "你给出 {s} 的 h = {said}；任务的 h 为 {h}",
    ),
    (
        "your path ends at {s}, which is not a goal",
        "你的路径止于 {s}，它不是目标",
    ),
    ("your path is empty", "你的路径为空"),
    (
        "your path passes {a}, which your search never expanded",
        "你的路径经过 {a}，但你的搜索从未扩展它",
    ),
    (
        "your path starts at {s}, not at the start {start}",
        "你的路径从 {s} 开始，而不是从初始状态 {start}",
    ),
    (
        "your path steps from {a} to {b}, which is not a move",
        "你的路径从 {a} 走到 {b}，这不是合法的一步",
    ),
    (
        "your path steps from {a} to {b}: {why}",
        "你的路径从 {a} 走到 {b}：{why}",
    ),
    ("{cell} is a wall", "{cell} 是墙"),
    (
        "{line} is not a message of the protocol (expand, push, path, moves, fail): standard output carries the protocol alone, so write your own notes to stderr",
        "{line} 不是协议中的消息（expand、push、path、moves、fail）：标准输出只用于协议，你自己的调试信息请写到 stderr",
    ),
    (
        "{line} is not a JSON message: standard output carries the protocol alone, one JSON object a line, so write your own notes to stderr (Python: print(..., file=sys.stderr))",
        "{line} 不是 JSON 消息：标准输出只用于协议，每行一个 JSON 对象，你自己的调试信息请写到 stderr（Python：print(..., file=sys.stderr)）",
    ),
    (
        "{name} is not a node name: names are one word (write Rimnicu_Vilcea)",
        "{name} 不是结点名称：名称须为一个词（写作 Rimnicu_Vilcea）",
    ),
    (
        "{name} is not a node of this graph",
        "{name} 不是此图的结点",
    ),
    (
        "{name} is not a search: bfs, dfs, dfs-rule, ucs, astar, greedy or idastar",
        "{name} 不是搜索算法：bfs、dfs、dfs-rule、ucs、astar、greedy 或 idastar",
    ),
    (
        "h({goal}) = {h}, but {goal} is a goal: h must be 0 there",
        "h({goal}) = {h}，但 {goal} 是目标：目标处的 h 必须为 0",
    ),
    (
        "h is not consistent: h({a}) = {ha}, but {a} → {b} costs {cost} and h({b}) = {hb}; A* needs h(a) ≤ cost(a, b) + h(b) on every edge",
        "h 不满足一致性：h({a}) = {ha}，但 {a} → {b} 的代价为 {cost}，而 h({b}) = {hb}；A* 算法要求每条边都满足 h(a) ≤ cost(a, b) + h(b)",
    ),
    (
        "h is not admissible: h({a}) = {h}, but a goal is only {d} away; IDA* needs h never above the cheapest cost to a goal",
        "h 不可采纳：h({a}) = {h}，但离目标的最小代价只有 {d}；迭代加深 A* 要求 h 从不超过到目标的最小代价",
    ),
    (
        "{name} is not a task: `ai-arcade lab tasks` lists them",
        "{name} 不是任务：`ai-arcade lab tasks` 会列出所有任务",
    ),
    (
        "{name} must be a whole number, not {v}",
        "{name} 须为整数，而不是 {v}",
    ),
    (
        "expanded {n} (reference {min}–{max})",
        "扩展 {n} 次（参考 {min}–{max}）",
    ),
    ("{ok} of {n} cases accepted", "{n} 个用例中通过 {ok} 个"),
    (
        "{op} is not a message of the protocol (expand, push, solution, fail)",
        "{op} 不是协议中的消息（expand、push、solution、fail）",
    ),
    ("{op} needs {name}", "{op} 需要 {name}"),
    (
        "{seconds} s, {memory} MiB per case",
        "每个用例 {seconds} 秒、{memory} MiB",
    ),
    (
        "{s} cannot be reached yet: no state you expanded leads to it",
        "{s} 目前还无法到达：你扩展过的状态都通不到它",
    ),
    (
        "{s} was already expanded at step {at}: with a CLOSED set a state is expanded once",
        "{s} 已在第 {at} 步扩展过：有 CLOSED 表时每个状态只扩展一次",
    ),
    (
        "{task} has cases 1 to {n}, not {number}",
        "{task} 的用例为 1 到 {n}，没有 {number}",
    ),
    (
        "{task}: {verdict}, {ok} of {n} cases accepted ({isolation})",
        "{task}：{verdict}，{n} 个用例中通过 {ok} 个（{isolation}）",
    ),
    ("{text} is not a state: {what}", "{text} 不是状态：{what}"),
    (
        "{token} is not a board of this puzzle ({n} tiles)",
        "{token} 不是此谜题的棋盘（{n} 格）",
    ),
    ("{token} is not a board: {why}", "{token} 不是棋盘：{why}"),
    (
        "the memory ran out after {n} nodes: this search keeps every board it reaches",
        "扩展 {n} 个节点后内存耗尽：此搜索要保存到达的每一个棋盘",
    ),
    ("Lab", "实验室"),
    (
        "Your own BFS, DFS, A*, heuristic or Minesweeper robot, in any language: run, watched step by step and judged against the algorithm.",
        "你自己的广度优先搜索、深度优先搜索、A* 算法、估价函数或扫雷机器人，任何语言：运行它，逐步观看，并按算法的定义评判。",
    ),
    ("the task before", "上一个任务"),
    ("the next task", "下一个任务"),
    ("the case before", "上一个用例"),
    ("the next case", "下一个用例"),
    ("run your program on the case", "在此用例上运行你的程序"),
    ("the Run button", "“运行”按钮"),
    ("play / pause your run", "播放 / 暂停你的运行"),
    (
        "type the command that runs your program first, e.g. python3 bfs.py",
        "请先输入运行你的程序的命令，如 python3 bfs.py",
    ),
    (
        "cannot run {program}: there is no such file",
        "无法运行 {program}：没有这个文件",
    ),
    (
        "cannot run {program}: it is a folder",
        "无法运行 {program}：它是一个文件夹",
    ),
    (
        "cannot run {program}: it is not a regular file",
        "无法运行 {program}：它不是普通文件",
    ),
    (
        "cannot run {program}: the file may not be executed: chmod +x {program}, or name its interpreter first ({interpreter} {program})",
        "无法运行 {program}：该文件没有执行权限：chmod +x {program}，或在前面写上它的解释器（{interpreter} {program}）",
    ),
    (
        "cannot run {program}: the file may not be executed: chmod +x {program}",
        "无法运行 {program}：该文件没有执行权限：chmod +x {program}",
    ),
    (
        "cannot run {program}: there is no such command here, but there is {other}",
        "无法运行 {program}：本机没有这个命令，但有 {other}",
    ),
    (
        "cannot run {program}: there is no such command here (none on PATH)",
        "无法运行 {program}：本机没有这个命令（PATH 中找不到）",
    ),
    ("report saved: {path}", "报告已保存：{path}"),
    (
        "your own search, run and judged",
        "你自己的搜索：运行并评判",
    ),
    ("running… {n} expansions", "运行中…… 已扩展 {n} 个"),
    ("step {done} / {total}", "第 {done} / {total} 步"),
    ("Task", "任务"),
    ("case {n} / {total}", "用例 {n} / {total}"),
    ("Your program", "你的程序"),
    (
        "The command that runs it, from the folder the game started in:",
        "运行它的命令（在游戏启动时所在的文件夹中执行）：",
    ),
    (
        "plain tokens instead of JSON (C, C++, Java)",
        "用纯文本记号代替 JSON（C、C++、Java）",
    ),
    (
        "successors sent by ai-arcade (oracle: the C++ and Java starters)",
        "后继状态由 ai-arcade 发送（oracle 会话：C++ 和 Java 起始代码）",
    ),
    ("▶ Run", "▶ 运行"),
    ("■ Stop", "■ 停止"),
    (
        "A starter in your language: ai-arcade lab starter --lang python {task} --out DIR. The protocol is in docs/lab.md.",
        "用你的语言生成起始代码：ai-arcade lab starter --lang python {task} --out DIR。协议见 docs/lab.md。",
    ),
    ("expanded at this step", "本步扩展的状态"),
    ("the way your search reached it", "你的搜索到达它的路径"),
    (
        "{file} is not a lab file the Lab can open: {why}",
        "{file} 不是实验室能打开的实验文件：{why}",
    ),
    ("it is not UTF-8 text", "它不是 UTF-8 文本"),
    (
        "a .py or .js file or an executable runs; a teacher's lab file (.json) becomes the task",
        "选择 .py 或 .js 文件或可执行文件来运行；选择教师的实验文件（.json）则换成它的任务",
    ),
    ("CLOSED: expanded", "CLOSED 表：已扩展"),
    ("OPEN: waiting", "OPEN 表：等待扩展"),
    ("what the algorithm takes instead", "算法本应选取的状态"),
    ("Your run, step by step", "你的运行，逐步回放"),
    ("Report", "报告"),
    ("at step {step}", "在第 {step} 步"),
    ("in the answer", "在答案中"),
    ("should have taken: {s}", "本应选取：{s}"),
    (
        "what your program wrote on stderr",
        "你的程序在 stderr 上的输出",
    ),
    ("Save the report", "保存报告"),
    (
        "Choose a task and a case, type the command that runs your program, then Run: each expansion it makes is judged against the algorithm, and its run plays here.",
        "选择任务和用例，输入运行你的程序的命令，然后运行：它的每一次扩展都按算法的定义评判，运行过程在这里回放。",
    ),
    (
        "step {k}: you expanded {s} (g = {g})",
        "第 {k} 步：你扩展了 {s}（g = {g}）",
    ),
    ("before the first expansion", "第一次扩展之前"),
    (
        "OPEN {open} · CLOSED {closed}",
        "OPEN 表 {open} · CLOSED 表 {closed}",
    ),
    ("state", "状态"),
    ("should have taken", "本应选取"),
    ("goal: {goal}", "目标：{goal}"),
    ("nodes", "节点"),
    (
        "race: the algorithm's own run beside yours",
        "竞速：算法自己的运行与你的并排",
    ),
    ("the Race box", "“竞速”复选框"),
    (
        "Race: the algorithm's own run beside yours",
        "竞速：算法自己的运行与你的并排",
    ),
    (
        "yours: {yours} expansions · the algorithm's (first generated first): {theirs}",
        "你的：扩展 {yours} 次 · 算法的（先生成者优先）：{theirs} 次",
    ),
    ("the algorithm's own run", "算法自己的运行"),
    ("your run", "你的运行"),
    (
        "left: yours ({yours} expansions) · right: the algorithm's, first generated first ({theirs})",
        "左：你的（扩展 {yours} 次）· 右：算法自己的，先生成者优先（{theirs} 次）",
    ),
    (
        "move {n}: mines left {left}, lives {lives}",
        "第 {n} 步：剩余地雷 {left}，生命 {lives}",
    ),
    (
        "the robot's exact chance of a mine, in %; green: certainly safe; framed: the agent's next move",
        "机器人算出的精确地雷概率（%）；绿框：确定安全；黄框：智能体的下一步",
    ),
    (
        "next: {cell}, a mine with chance {p}%; the safest hidden cell {q}%",
        "下一步：{cell}，是地雷的概率 {p}%；最安全的未翻开格子 {q}%",
    ),
    (
        "a guess while {n} cells were certainly safe",
        "在有 {n} 个格子确定安全时去猜",
    ),
    ("the robot's mine probabilities", "机器人的地雷概率"),
    (
        "Mines: the robot's mine probabilities over the agent's field",
        "扫雷：在智能体的雷区上显示机器人算出的地雷概率",
    ),
    (
        "write your program first: take the starter, or open a file",
        "先写好你的程序：取用起始代码，或打开一个文件",
    ),
    ("checking the trace {name}", "正在检查轨迹 {name}"),
    ("opened {name}", "已打开 {name}"),
    (
        "the starter is in the editor: write your search where it says so, then Run",
        "起始代码已在编辑器中：在注明之处写好你的搜索，然后运行",
    ),
    (
        "the Python starter is in {dir}: write your search in main.py, then Run",
        "Python 起始代码在 {dir}：在 main.py 中写好你的搜索，然后运行",
    ),
    (
        "the starter could not be written: {why}",
        "无法写入起始代码：{why}",
    ),
    (
        "the report could not be saved: {why}",
        "无法保存报告：{why}",
    ),
    (
        "It runs here in your browser, in a worker of its own: nothing is sent anywhere. Python is loaded the first time a Python program runs.",
        "程序就在你的浏览器里、在它自己的工作线程中运行：不会发送到任何地方。第一次运行 Python 程序时才加载 Python。",
    ),
    ("Python starter for this task", "本任务的 Python 起始代码"),
    (
        "Writes main.py and lab_helper.py into a folder of the game's data (never over your own) and puts the command that runs them here.",
        "把 main.py 和 lab_helper.py 写入游戏数据中的一个文件夹（绝不覆盖你自己的文件），并在这里填好运行它们的命令。",
    ),
    ("Starter", "起始代码"),
    (
        "The task's starter in the editor: a runnable search with the frontier left to write",
        "把本任务的起始代码放进编辑器：一个可运行的搜索，边界表由你来写",
    ),
    ("Open a file…", "打开文件…"),
    ("Check a trace…", "检查轨迹…"),
    (
        "A recorded run (the lines a program printed, JSON or plain) judged as if it ran",
        "一次记录下来的运行（程序输出的各行，JSON 或纯文本），如同实际运行一样评判",
    ),
    (
        "your program: take the starter, or open a file",
        "你的程序：取用起始代码，或打开一个文件",
    ),
    ("loading Python…", "正在加载 Python…"),
    ("Choose a file…", "选择文件…"),
    ("Choose your program", "选择你的程序"),
    ("⬆ up a folder", "⬆ 上一级文件夹"),
    (
        "{file} is not a program the Lab knows how to run: choose a .py or .js file or an executable",
        "{file} 不是实验室知道如何运行的程序：请选择 .py 或 .js 文件，或可执行文件",
    ),
    (
        "none needed: the browser's Web Worker",
        "无需隔离：浏览器的 Web Worker",
    ),
    (
        "none: the program ran as the user who started ai-arcade, with the network and files",
        "无：程序以启动 ai-arcade 的用户身份运行，可访问网络和文件",
    ),
    (
        "every board that reaches {goal}",
        "所有能到达 {goal} 的棋盘",
    ),
    (
        "the classic 8×8 maze with its exit walled in (no way out)",
        "经典 8×8 迷宫，出口被墙封住（无路可出）",
    ),
    (
        "the classic 8×8 maze of the MFC report",
        "MFC 报告中的经典 8×8 迷宫",
    ),
    (
        "{generator} {side}×{side} maze, seed {seed}, with loops",
        "{generator} 生成的 {side}×{side} 迷宫，种子 {seed}，带环路",
    ),
    (
        "{generator} {side}×{side} maze, seed {seed}",
        "{generator} 生成的 {side}×{side} 迷宫，种子 {seed}",
    ),
    (
        "an open {side}×{side} room (ties everywhere)",
        "空旷的 {side}×{side} 房间（处处平局）",
    ),
    (
        "{about}, mud (3) and water (7) from seed {seed}",
        "{about}，泥地（3）和水（7）由种子 {seed} 布置",
    ),
    ("{start} to {goal}", "从 {start} 到 {goal}"),
    (
        "{steps} random moves from the goal, seed {seed}",
        "从目标随机走 {steps} 步，种子 {seed}",
    ),
    (
        "{width}×{height}, {mines} mines, {lives} lives, seed {seed}",
        "{width}×{height}，{mines} 颗地雷，{lives} 条命，种子 {seed}",
    ),
    ("a maze of the lab file", "实验文件中的迷宫"),
    ("{n} directed edges", "{n} 条有向边"),
    ("{n} undirected edges", "{n} 条无向边"),
    (
        "{nodes} nodes, {edges}, from {start} to {goals}",
        "{nodes} 个节点，{edges}，从 {start} 到 {goals}",
    ),
    ("none needed: nothing ran", "无需隔离：没有运行任何程序"),
    (
        "bound {bound} · branch depth {depth} · {n} still to search within the bound",
        "界限 {bound} · 分支深度 {depth} · 界限内还有 {n} 个待搜索",
    ),
    ("the branch, from the start", "当前分支（从起点开始）"),
    ("… {n} more above", "… 上方还有 {n} 个"),
    ("still to search, deepest first", "待搜索（最深的在前）"),
    ("{either} or {or}", "{either} 或 {or}"),
    (
        "bubblewrap: no network, private /tmp, file system read-only, own process and user namespaces",
        "bubblewrap：无网络、私有 /tmp、文件系统只读、独立的进程和用户命名空间",
    ),
];
