<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AnswerStrip</name>
    <message>
        <source>Answer</source>
        <translation>答案</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1:&lt;/b&gt; %2</source>
        <translation>&lt;b&gt;%1：&lt;/b&gt;%2</translation>
    </message>
</context>
<context>
    <name>AnswerSummary</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: %2, %3</source>
        <translation>%1：%2，%3</translation>
    </message>
    <message>
        <source>only %1 runs it (%2)</source>
        <translation>只有 %1 能运行（%2）</translation>
    </message>
    <message>
        <source>%1 tie for fastest (%2)</source>
        <translation>%1 并列最快（%2）</translation>
    </message>
    <message>
        <source>%1 fastest (%2)</source>
        <translation>%1 最快（%2）</translation>
    </message>
    <message>
        <source>%1 tie for cheapest (%2)</source>
        <translation>%1 并列最便宜（%2）</translation>
    </message>
    <message>
        <source>%1 cheapest (%2)</source>
        <translation>%1 最便宜（%2）</translation>
    </message>
    <message>
        <source>no GPU here runs it as asked</source>
        <translation>这里没有 GPU 能按要求运行</translation>
    </message>
    <message>
        <source>%1 × %2 GB</source>
        <translation>%1 × %2 GB</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>%1 do not fit in %2: need %3</source>
        <translation>%1 在 %2 中放不下：需要 %3</translation>
    </message>
    <message>
        <source>%1 does not fit in %2: needs %3</source>
        <translation>%1 在 %2 中放不下：需要 %3</translation>
    </message>
    <message>
        <source>%1 do not fit in %2, nor on up to 1,024 GPUs</source>
        <translation>%1 在 %2 中放不下，最多 1,024 块 GPU 也放不下</translation>
    </message>
    <message>
        <source>%1 does not fit in %2, nor on up to 1,024 GPUs</source>
        <translation>%1 在 %2 中放不下，最多 1,024 块 GPU 也放不下</translation>
    </message>
    <message>
        <source>%1: not estimated, %2 (not in the catalogue)</source>
        <translation>%1：未估算，%2（目录中没有）</translation>
    </message>
    <message>
        <source>%1: speed out of range, check the datasheet values</source>
        <translation>%1：速度超出范围，请检查规格表数值</translation>
    </message>
    <message>
        <source>%1 serve none of this load: no room in their KV cache for one request</source>
        <translation>%1 在此负载下无法服务任何请求：KV 缓存容不下一个请求</translation>
    </message>
    <message>
        <source>%1 serves none of this load: no room in its KV cache for one request</source>
        <translation>%1 在此负载下无法服务任何请求：KV 缓存容不下一个请求</translation>
    </message>
    <message>
        <source>%1 fastest (%2) on factors it inherits, unmeasured (see its notes)</source>
        <translation>%1 最快（%2），但依据的是继承而未经测量的因子（见其说明）</translation>
    </message>
    <message>
        <source>%1 cheapest (%2) on factors it inherits, unmeasured (see its notes)</source>
        <translation>%1 最便宜（%2），但依据的是继承而未经测量的因子（见其说明）</translation>
    </message>
    <message>
        <source>TTFT p90 %1, target %2</source>
        <translation>TTFT p90 %1，目标 %2</translation>
    </message>
    <message>
        <source>TPOT p90 %1, target %2</source>
        <translation>TPOT p90 %1，目标 %2</translation>
    </message>
    <message>
        <source>only %1 meets the targets (%2)</source>
        <translation>只有 %1 达到目标（%2）</translation>
    </message>
    <message>
        <source>no GPU here meets the targets</source>
        <translation>这里没有 GPU 达到目标</translation>
    </message>
    <message>
        <source>%1 misses the targets (%2)</source>
        <translation>%1 未达到目标（%2）</translation>
    </message>
    <message>
        <source>$%1 per million %2</source>
        <translation>每百万%2 $%1</translation>
    </message>
    <message>
        <source>%1, owned</source>
        <translation>%1，自有</translation>
    </message>
    <message>
        <source>only %1 has a price (%2)</source>
        <translation>只有 %1 有价格（%2）</translation>
    </message>
    <message>
        <source>no prices to compare</source>
        <translation>没有可比较的价格</translation>
    </message>
    <message>
        <source>%1 costs %2 %3&apos;s (%4)</source>
        <translation>%1 的成本是 %3 的 %2（%4）</translation>
    </message>
    <message>
        <source>%1 is %2 %3 (%4)</source>
        <translation>%1 是 %3 的 %2（%4）</translation>
    </message>
    <message>
        <source>%1 about the same speed (up to %2)</source>
        <translation>%1 速度大致相同（最高 %2）</translation>
    </message>
    <message>
        <source>%1 about the same cost (from %2)</source>
        <translation>%1 成本大致相同（最低 %2）</translation>
    </message>
</context>
<context>
    <name>AtomicFileWriter</name>
    <message>
        <source>cannot write %1: the folder does not exist</source>
        <translation>无法写入 %1：文件夹不存在</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>cannot write %1: %2; the previous file was kept</source>
        <translation>无法写入 %1：%2；已保留原文件</translation>
    </message>
    <message>
        <source>the disk is full (%1)</source>
        <translation>磁盘已满（%1）</translation>
    </message>
    <message>
        <source>the file is larger than this disk or this process may write (%1)</source>
        <translation>文件超出此磁盘或此进程允许写入的大小（%1）</translation>
    </message>
    <message>
        <source>not all of it could be written (is the disk full?)</source>
        <translation>未能全部写入（磁盘已满？）</translation>
    </message>
    <message>
        <source>it is a folder</source>
        <translation>它是一个文件夹</translation>
    </message>
    <message>
        <source>it is not a regular file (a device, a pipe or a socket)</source>
        <translation>它不是普通文件（而是设备、管道或套接字）</translation>
    </message>
    <message>
        <source>it is write-protected</source>
        <translation>它受写保护</translation>
    </message>
</context>
<context>
    <name>BarChartWidget</name>
    <message>
        <source>Bar chart</source>
        <translation>柱状图</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>无数据</translation>
    </message>
    <message>
        <source>%1
%2: %3</source>
        <translation>%1
%2：%3</translation>
    </message>
</context>
<context>
    <name>BoundedFileRead</name>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>larger than %1, the most %2 may have (read no further)</source>
        <translation>大于 %1，即%2的上限（不再继续读取）</translation>
    </message>
    <message>
        <source>cannot read it (%1)</source>
        <translation>无法读取（%1）</translation>
    </message>
    <message>
        <source>a measurement file</source>
        <translation>测量文件</translation>
    </message>
    <message>
        <source>a catalogue file</source>
        <translation>目录文件</translation>
    </message>
    <message>
        <source>a scenario file</source>
        <translation>场景文件</translation>
    </message>
    <message>
        <source>a request trace or dataset</source>
        <translation>请求轨迹或数据集</translation>
    </message>
    <message>
        <source>a model&apos;s config.json</source>
        <translation>模型的 config.json</translation>
    </message>
    <message>
        <source>an edit recovery file</source>
        <translation>编辑恢复文件</translation>
    </message>
</context>
<context>
    <name>Catalogue</name>
    <message>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not a GPU Compare catalogue (not an SQLite database)</source>
        <translation>%1 不是 GPU Compare 目录（不是 SQLite 数据库）</translation>
    </message>
    <message>
        <source>%1 is damaged: %2</source>
        <translation>%1 已损坏：%2</translation>
    </message>
    <message>
        <source>%1 is an SQLite database but not a GPU Compare catalogue (application id %2, schema version %3); it was not changed</source>
        <translation>%1 是 SQLite 数据库，但不是 GPU Compare 目录（应用标识 %2，架构版本 %3）；未对其做任何更改</translation>
    </message>
    <message>
        <source>cannot create the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <source>%1 already exists; it was not overwritten</source>
        <translation>%1 已存在；未覆盖</translation>
    </message>
    <message>
        <source>the folder %1 does not exist</source>
        <translation>文件夹 %1 不存在</translation>
    </message>
    <message>
        <source>cannot create %1: %2</source>
        <translation>无法创建 %1：%2</translation>
    </message>
    <message>
        <source>cannot create %1 (rename failed)</source>
        <translation>无法创建 %1（重命名失败）</translation>
    </message>
    <message>
        <source>no catalogue file given</source>
        <translation>未指定目录文件</translation>
    </message>
    <message>
        <source>%1 does not exist</source>
        <translation>%1 不存在</translation>
    </message>
    <message>
        <source>%1 is not a file</source>
        <translation>%1 不是文件</translation>
    </message>
    <message>
        <source>the catalogue was written by a newer GPU Compare (schema version %1, this version understands %2); it opens read-only</source>
        <translation>此目录由更新版本的 GPU Compare 写入（架构版本 %1，本版本支持 %2）；将以只读方式打开</translation>
    </message>
    <message>
        <source>opened read-only on request</source>
        <translation>按要求以只读方式打开</translation>
    </message>
    <message>
        <source>the file is not writable</source>
        <translation>文件不可写</translation>
    </message>
    <message>
        <source>its folder is not writable</source>
        <translation>其所在文件夹不可写</translation>
    </message>
    <message>
        <source>%1 uses the older schema version %2 and must be upgraded, but it is read-only (%3)</source>
        <translation>%1 使用较旧的架构版本 %2，需要升级，但它是只读的（%3）</translation>
    </message>
    <message>
        <source>the catalogue is read-only: %1</source>
        <translation>目录为只读：%1</translation>
    </message>
    <message>
        <source>cannot read %1; it was not changed</source>
        <translation>无法读取 %1；文件未被更改</translation>
    </message>
    <message>
        <source>cannot enable write-ahead logging</source>
        <translation>无法启用预写日志</translation>
    </message>
    <message>
        <source>%1 needs an upgrade from schema version %2 but no backup could be taken first, so it was not changed: %3</source>
        <translation>%1 需要从架构版本 %2 升级，但无法先进行备份，因此未作更改：%3</translation>
    </message>
    <message>
        <source>(a copy from before is at %1)</source>
        <translation>（之前的副本位于 %1）</translation>
    </message>
    <message>
        <source>%1 is the catalogue itself; back it up to another file</source>
        <translation>%1 就是目录本身；请备份到另一个文件</translation>
    </message>
    <message>
        <source>%1 is not a team catalogue address (%2); the form is postgresql://USER@HOST[:PORT]/DATABASE[?sslmode=...]</source>
        <translation>%1 不是团队目录地址（%2）；格式为 postgresql://USER@HOST[:PORT]/DATABASE[?sslmode=...]</translation>
    </message>
    <message>
        <source>port %1</source>
        <translation>端口 %1</translation>
    </message>
    <message>
        <source>unknown parameter %1</source>
        <translation>未知参数 %1</translation>
    </message>
    <message>
        <source>no database named</source>
        <translation>未指定数据库</translation>
    </message>
    <message>
        <source>cannot connect to the team catalogue %1: %2</source>
        <translation>无法连接团队目录 %1：%2</translation>
    </message>
    <message>
        <source>cannot read the team catalogue %1</source>
        <translation>无法读取团队目录 %1</translation>
    </message>
    <message>
        <source>%1 is a PostgreSQL database but not a GPU Compare catalogue (it holds other tables); it was not changed</source>
        <translation>%1 是 PostgreSQL 数据库，但不是 GPU Compare 目录（其中有其他表）；未作任何更改</translation>
    </message>
    <message>
        <source>%1 is not a GPU Compare catalogue (application id %2); it was not changed</source>
        <translation>%1 不是 GPU Compare 目录（应用 ID %2）；未作任何更改</translation>
    </message>
    <message>
        <source>%1 is an empty database, not a catalogue yet</source>
        <translation>%1 是空数据库，还不是目录</translation>
    </message>
    <message>
        <source>the server only allows reading</source>
        <translation>服务器只允许读取</translation>
    </message>
    <message>
        <source>the login %1 may read but not change this catalogue (no write grant)</source>
        <translation>登录名 %1 只能读取、不能修改此目录（没有写权限）</translation>
    </message>
    <message>
        <source>%1 is an empty database and cannot be seeded: %2</source>
        <translation>%1 是空数据库，无法写入初始数据：%2</translation>
    </message>
    <message>
        <source>cannot set up %1</source>
        <translation>无法建立 %1</translation>
    </message>
    <message>
        <source>cannot open the team catalogue %1: Qt&apos;s PostgreSQL driver QPSQL is not installed (Debian: libqt6sql6-psql)</source>
        <translation>无法打开团队目录 %1：未安装 Qt 的 PostgreSQL 驱动 QPSQL（Debian：libqt6sql6-psql）</translation>
    </message>
    <message>
        <source>%1 %2: give milliseconds or a unit, as in 500, 2s or 1min</source>
        <translation>%1 %2：请给出毫秒数或带单位的时长，例如 500、2s 或 1min</translation>
    </message>
    <message>
        <source>the server did not answer within %1 s (connect_timeout)</source>
        <translation>服务器在 %1 秒内没有应答（connect_timeout）</translation>
    </message>
</context>
<context>
    <name>CatalogueActions</name>
    <message>
        <source>&amp;Add GPU</source>
        <translation>添加 GPU(&amp;A)</translation>
    </message>
    <message>
        <source>Add a GPU of your own</source>
        <translation>添加您自己的 GPU</translation>
    </message>
    <message>
        <source>D&amp;uplicate</source>
        <translation>复制(&amp;U)</translation>
    </message>
    <message>
        <source>Add a copy of the current GPU, to edit into a variant</source>
        <translation>添加当前 GPU 的副本，以便编辑成另一个型号</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <source>Delete the selected GPUs (undoable; the file changes on Save)</source>
        <translation>删除所选 GPU（可撤销；保存时才写入文件）</translation>
    </message>
    <message>
        <source>Re&amp;name GPU…</source>
        <translation>重命名 GPU(&amp;N)…</translation>
    </message>
    <message>
        <source>Give the current GPU another id; its measurements and price go with it</source>
        <translation>给当前 GPU 换一个标识；它的测量结果和价格随之移动</translation>
    </message>
    <message>
        <source>Restore &amp;Value</source>
        <translation>恢复值(&amp;V)</translation>
    </message>
    <message>
        <source>Put the bundled value back into the current cell</source>
        <translation>将内置值放回当前单元格</translation>
    </message>
    <message>
        <source>Restore &amp;Row</source>
        <translation>恢复整行(&amp;R)</translation>
    </message>
    <message>
        <source>Put every bundled value of the current GPU back</source>
        <translation>恢复当前 GPU 的全部内置值</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Write every pending edit to the catalogue file</source>
        <translation>将所有待保存的编辑写入目录文件</translation>
    </message>
    <message>
        <source>Re&amp;vert</source>
        <translation>还原(&amp;V)</translation>
    </message>
    <message>
        <source>Throw away every edit not saved yet (undoable)</source>
        <translation>丢弃所有尚未保存的编辑（可撤销）</translation>
    </message>
    <message>
        <source>&amp;Find</source>
        <translation>查找(&amp;F)</translation>
    </message>
    <message>
        <source>Find GPUs by name, vendor or architecture</source>
        <translation>按名称、厂商或架构查找 GPU</translation>
    </message>
    <message>
        <source>Ctrl+Shift+R</source>
        <translation>Ctrl+Shift+R</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>CatalogueBackup</name>
    <message>
        <source>cannot back up to %1: the folder %2 does not exist</source>
        <translation>无法备份到 %1：文件夹 %2 不存在</translation>
    </message>
    <message>
        <source>cannot back up to %1</source>
        <translation>无法备份到 %1</translation>
    </message>
    <message>
        <source>cannot back up to %1: the copy could not be synced to the disk</source>
        <translation>无法备份到 %1：副本无法同步到磁盘</translation>
    </message>
    <message>
        <source>cannot back up to %1: the copy could not be renamed into place</source>
        <translation>无法备份到 %1：副本无法重命名到位</translation>
    </message>
    <message>
        <source>cannot back up to %1: %2</source>
        <translation>无法备份到 %1：%2</translation>
    </message>
    <message>
        <source>cannot back up to %1: a catalogue open in another window or program; close it there first, or back up to another file</source>
        <translation>无法备份到 %1：该目录已在另一个窗口或程序中打开；请先在那里关闭，或备份到另一个文件</translation>
    </message>
    <message>
        <source>cannot back up to %1: the catalogue has schema version %2 and this GPU Compare writes version %3</source>
        <translation>无法备份到 %1：目录的架构版本为 %2，而此版本的 GPU Compare 写入版本 %3</translation>
    </message>
</context>
<context>
    <name>CatalogueEditor</name>
    <message>
        <source>Edit %1 of %2</source>
        <translation>编辑 %2 的%1</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>New GPU</source>
        <translation>新 GPU</translation>
    </message>
    <message>
        <source>entered by the user</source>
        <translation>由用户输入</translation>
    </message>
    <message>
        <source>Add GPU %1</source>
        <translation>添加 GPU %1</translation>
    </message>
    <message>
        <source>copy</source>
        <translation>副本</translation>
    </message>
    <message>
        <source>%1 (copy)</source>
        <translation>%1（副本）</translation>
    </message>
    <message>
        <source>Duplicate %1</source>
        <translation>复制 %1</translation>
    </message>
    <message>
        <source>Delete %1</source>
        <translation>删除 %1</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n GPUs</source>
        <translation>
            <numerusform>删除 %n 个 GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is not a bundled GPU: there is no bundled value</source>
        <translation>%1 不是内置 GPU：没有内置值</translation>
    </message>
    <message>
        <source>Restore bundled %1 of %2</source>
        <translation>恢复 %2 的内置%1</translation>
    </message>
    <message>
        <source>%1 is not a bundled GPU: there are no bundled values</source>
        <translation>%1 不是内置 GPU：没有内置值</translation>
    </message>
    <message>
        <source>Restore bundled values of %1</source>
        <translation>恢复 %1 的全部内置值</translation>
    </message>
    <message>
        <source>Import (%1 added, %2 changed)</source>
        <translation>导入（新增 %1 个，修改 %2 个）</translation>
    </message>
    <message numerus="yes">
        <source>Restore %n recovered edit(s)</source>
        <translation>
            <numerusform>恢复 %n 项找回的编辑</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Revert %n unsaved change(s)</source>
        <translation>
            <numerusform>撤销 %n 项未保存的更改</numerusform>
        </translation>
    </message>
    <message>
        <source>The recovered edit of %1 was not restored: %2</source>
        <translation>找回的 %1 的编辑未被恢复：%2</translation>
    </message>
    <message>
        <source>GPU id: use Rename GPU… (Edit menu), which checks the id and moves the GPU&apos;s measurements with it</source>
        <translation>GPU 标识：请使用“重命名 GPU…”（编辑菜单），它会检查标识并把该 GPU 的测量结果一并移过去</translation>
    </message>
    <message>
        <source>Rename GPU %1 to %2</source>
        <translation>将 GPU %1 重命名为 %2</translation>
    </message>
</context>
<context>
    <name>CatalogueExport</name>
    <message>
        <source>Export Catalogue</source>
        <translation>导出目录</translation>
    </message>
    <message>
        <source>CSV (*.csv);;JSON (*.json)</source>
        <translation>CSV (*.csv);;JSON (*.json)</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n GPU(s) to %1</source>
        <translation>
            <numerusform>已将 %n 个 GPU 导出到 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>导出失败：%1</translation>
    </message>
</context>
<context>
    <name>CatalogueExporter</name>
    <message>
        <source>cannot export to %1: the file name must end in .csv or .json</source>
        <translation>无法导出到 %1：文件名必须以 .csv 或 .json 结尾</translation>
    </message>
</context>
<context>
    <name>CatalogueImport</name>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Import cancelled; nothing changed</source>
        <translation>已取消导入；没有任何更改</translation>
    </message>
    <message>
        <source>%1: %2. Nothing was imported.</source>
        <translation>%1：%2。未导入任何内容。</translation>
    </message>
    <message>
        <source>Import Catalogue</source>
        <translation>导入目录</translation>
    </message>
    <message>
        <source>GPU catalogue (*.csv *.json)</source>
        <translation>GPU 目录 (*.csv *.json)</translation>
    </message>
    <message numerus="yes">
        <source>%1 holds nothing new: %n GPU(s) as they are</source>
        <translation>
            <numerusform>%1 中没有新内容：%n 个 GPU 与现有一致</numerusform>
        </translation>
    </message>
    <message>
        <source>add %1 (%2)</source>
        <translation>添加 %1（%2）</translation>
    </message>
    <message>
        <source>change %1: %2</source>
        <translation>修改 %1：%2</translation>
    </message>
    <message>
        <source>%1 adds %2 GPU(s) and changes %3; %4 stay as they are.</source>
        <translation>%1 将添加 %2 个 GPU 并修改 %3 个；%4 个保持不变。</translation>
    </message>
    <message>
        <source>The import becomes one edit you can undo; Save writes it to the catalogue.</source>
        <translation>导入作为一次可撤销的编辑；保存后写入目录。</translation>
    </message>
    <message>
        <source>Add and Change</source>
        <translation>添加并修改</translation>
    </message>
    <message>
        <source>Add New Only</source>
        <translation>仅添加新的</translation>
    </message>
</context>
<context>
    <name>CatalogueImporter</name>
    <message>
        <source>must be a string</source>
        <translation>必须是字符串</translation>
    </message>
    <message>
        <source>must be a number or null</source>
        <translation>必须是数字或 null</translation>
    </message>
    <message>
        <source>, field </source>
        <translation>，字段 </translation>
    </message>
    <message>
        <source>line 1</source>
        <translation>第 1 行</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>文件为空</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>unknown column (expected the columns of a GPU Compare export)</source>
        <translation>未知列（应为 GPU Compare 导出文件的列）</translation>
    </message>
    <message>
        <source>the column appears twice</source>
        <translation>该列出现了两次</translation>
    </message>
    <message>
        <source>the column is missing</source>
        <translation>缺少该列</translation>
    </message>
    <message>
        <source>%1 fields, the header has %2</source>
        <translation>有 %1 个字段，表头有 %2 个</translation>
    </message>
    <message>
        <source>&apos;%1&apos; appears twice in the file</source>
        <translation>“%1”在文件中出现了两次</translation>
    </message>
    <message>
        <source>line %1 (offset %2)</source>
        <translation>第 %1 行（偏移 %2）</translation>
    </message>
    <message>
        <source>invalid JSON: %1</source>
        <translation>JSON 无效：%1</translation>
    </message>
    <message>
        <source>must be &quot;gpucompare-catalogue&quot;</source>
        <translation>必须为 &quot;gpucompare-catalogue&quot;</translation>
    </message>
    <message>
        <source>must be 1 (this GPU Compare reads version 1)</source>
        <translation>必须为 1（此版本 GPU Compare 读取版本 1）</translation>
    </message>
    <message>
        <source>must be an array</source>
        <translation>必须是数组</translation>
    </message>
    <message>
        <source>must be an object or an array</source>
        <translation>必须是对象或数组</translation>
    </message>
    <message>
        <source>must be an object</source>
        <translation>必须是对象</translation>
    </message>
    <message>
        <source>unknown field</source>
        <translation>未知字段</translation>
    </message>
    <message>
        <source>the file name must end in .csv or .json</source>
        <translation>文件名必须以 .csv 或 .json 结尾</translation>
    </message>
    <message>
        <source>needs a file_name, imported_at and a known format</source>
        <translation>需要 file_name、imported_at 和已知的 format</translation>
    </message>
    <message>
        <source>must be 64 hex digits</source>
        <translation>必须是 64 位十六进制数字</translation>
    </message>
    <message>
        <source>must be a non-empty array</source>
        <translation>必须是非空数组</translation>
    </message>
    <message>
        <source>needs a gpu_id, a model_id, a gpu_count of at least 1 and a tensor_parallel of at least 1 or null</source>
        <translation>需要 gpu_id、model_id、至少为 1 的 gpu_count，以及至少为 1 或为 null 的 tensor_parallel</translation>
    </message>
</context>
<context>
    <name>CatalogueOpener</name>
    <message>
        <source>Open Catalogue</source>
        <translation>打开目录</translation>
    </message>
    <message>
        <source>The catalogue %1 was not opened.</source>
        <translation>目录 %1 未打开。</translation>
    </message>
    <message>
        <source>There is no such file.</source>
        <translation>没有这个文件。</translation>
    </message>
    <message>
        <source>%1 stays open.</source>
        <translation>%1 仍保持打开。</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>GPU Compare catalogues (*.db *.sqlite);;All files (*)</source>
        <translation>GPU Compare 目录 (*.db *.sqlite);;所有文件 (*)</translation>
    </message>
    <message>
        <source>New Catalogue</source>
        <translation>新建目录</translation>
    </message>
    <message>
        <source>No catalogue was started at %1.</source>
        <translation>未在 %1 新建目录。</translation>
    </message>
    <message>
        <source>Started a new catalogue at %1</source>
        <translation>已在 %1 新建目录</translation>
    </message>
    <message>
        <source>Back Up Catalogue</source>
        <translation>备份目录</translation>
    </message>
    <message>
        <source>The catalogue was not backed up to %1.</source>
        <translation>目录未备份到 %1。</translation>
    </message>
    <message>
        <source>Backed up the catalogue to %1</source>
        <translation>已将目录备份到 %1</translation>
    </message>
    <message>
        <source>Catalogue</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>The catalogue %1 is damaged.</source>
        <translation>目录 %1 已损坏。</translation>
    </message>
    <message>
        <source>%1 is not a GPU Compare catalogue.</source>
        <translation>%1 不是 GPU Compare 目录。</translation>
    </message>
    <message>
        <source>The catalogue %1 could not be opened.</source>
        <translation>无法打开目录 %1。</translation>
    </message>
    <message>
        <source>The file was not changed.</source>
        <translation>文件未被更改。</translation>
    </message>
    <message>
        <source>Open another catalogue, or start a new one from the bundled data in another file.</source>
        <translation>打开另一个目录，或用内置数据在另一个文件中新建目录。</translation>
    </message>
    <message>
        <source>Open Another…</source>
        <translation>打开其他…</translation>
    </message>
    <message>
        <source>Start New…</source>
        <translation>新建…</translation>
    </message>
    <message>
        <source>%1, read-only: %2</source>
        <translation>%1，只读：%2</translation>
    </message>
    <message>
        <source>Open Team Catalogue</source>
        <translation>打开团队目录</translation>
    </message>
    <message>
        <source>Address of the team catalogue, postgresql://USER@HOST[:PORT]/DATABASE (the password is taken from PGPASSWORD or ~/.pgpass):</source>
        <translation>团队目录的地址，postgresql://USER@HOST[:PORT]/DATABASE（密码取自 PGPASSWORD 或 ~/.pgpass）：</translation>
    </message>
    <message>
        <source>&amp;Clear Menu</source>
        <translation>清除菜单(&amp;C)</translation>
    </message>
</context>
<context>
    <name>CatalogueRecovery</name>
    <message>
        <source>unsaved catalogue edits lost: %1</source>
        <translation>未保存的目录编辑已丢失：%1</translation>
    </message>
    <message>
        <source>Recovered Catalogue Edits</source>
        <translation>找回的目录编辑</translation>
    </message>
    <message>
        <source>Unsaved catalogue edits were recovered but cannot be read: %1</source>
        <translation>找回了未保存的目录编辑，但无法读取：%1</translation>
    </message>
    <message>
        <source>The file %1 is left as it is.</source>
        <translation>文件 %1 保持原样。</translation>
    </message>
    <message>
        <source>Unsaved edits from %1 were recovered.</source>
        <translation>找回了 %1 的未保存编辑。</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) were changed, added or deleted and not saved when GPU Compare was ended. Restore puts them back as unsaved edits (Undo takes them out again); Discard deletes them.</source>
        <translation>
            <numerusform>GPU Compare 结束时有 %n 个 GPU 被更改、添加或删除且未保存。“恢复”将它们作为未保存的编辑放回（撤销可再次移除）；“丢弃”将删除它们。</numerusform>
        </translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
</context>
<context>
    <name>CatalogueSaver</name>
    <message>
        <source>Nothing to save</source>
        <translation>没有需要保存的内容</translation>
    </message>
    <message numerus="yes">
        <source>Saved %n change(s) to the catalogue</source>
        <translation>
            <numerusform>已将 %n 处更改保存到目录</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing was saved: %1</source>
        <translation>未保存任何内容：%1</translation>
    </message>
    <message>
        <source>Unsaved Catalogue Edits</source>
        <translation>目录有未保存的编辑</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) in the catalogue have edits that are not saved. Save them before closing?</source>
        <translation>
            <numerusform>目录中有 %n 个 GPU 的编辑尚未保存。关闭前要保存吗？</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CatalogueSession</name>
    <message>
        <source>no catalogue is open</source>
        <translation>未打开目录</translation>
    </message>
    <message>
        <source>Created a new catalogue at %1 (no file was there)</source>
        <translation>已在 %1 新建目录（该处原无文件）</translation>
    </message>
    <message>
        <source>Upgraded %1 from schema version %2 to %3; the file as it was is kept at %4</source>
        <translation>已将 %1 从架构版本 %2 升级到 %3；原文件保存在 %4</translation>
    </message>
    <message>
        <source>No catalogue is open.</source>
        <translation>没有打开的目录。</translation>
    </message>
    <message>
        <source>The Catalogue tab has unsaved changes (%1 rows). Save or revert them first, then add the GPUs and models; nothing was changed.</source>
        <translation>“目录”标签页有未保存的更改（%1 行）。请先保存或还原，然后再添加 GPU 和模型；未做任何更改。</translation>
    </message>
    <message>
        <source>Seeded the empty database %1 as a new team catalogue</source>
        <translation>已将空数据库 %1 初始化为新的团队目录</translation>
    </message>
    <message>
        <source>Upgraded %1 from schema version %2 to %3</source>
        <translation>已将 %1 从架构版本 %2 升级到 %3</translation>
    </message>
    <message>
        <source>The Catalogue tab has unsaved changes (%1 rows). Save or revert them first, then reload; nothing was changed.</source>
        <translation>“目录”标签页有未保存的更改（%1 行）。请先保存或还原，再重新读取；未作任何更改。</translation>
    </message>
</context>
<context>
    <name>CatalogueTab</name>
    <message>
        <source>GPU catalogue</source>
        <translation>GPU 目录</translation>
    </message>
    <message>
        <source>Reverted to the catalogue file; Undo brings the edits back</source>
        <translation>已还原为目录文件；撤销可恢复这些编辑</translation>
    </message>
    <message>
        <source>Renamed %1 to %2; Save writes it and moves its measurements</source>
        <translation>已将 %1 重命名为 %2；保存时写入并移动其测量结果</translation>
    </message>
</context>
<context>
    <name>CatalogueToolBar</name>
    <message>
        <source>Only GPUs I changed</source>
        <translation>仅显示我改过的 GPU</translation>
    </message>
    <message>
        <source>Filter by name, vendor, architecture… (%1)</source>
        <translation>按名称、厂商、架构筛选…（%1）</translation>
    </message>
    <message>
        <source>Filter the catalogue</source>
        <translation>筛选目录</translation>
    </message>
    <message>
        <source>Show only GPUs that are not bundled, differ from the bundled values, or hold unsaved edits</source>
        <translation>只显示非内置、与内置值不同或有未保存编辑的 GPU</translation>
    </message>
</context>
<context>
    <name>ChartExportDialog</name>
    <message>
        <source>Export Chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>Pixels per logical pixel in PNG files: 2× gives a sharp image on high-DPI screens</source>
        <translation>PNG 文件中每个逻辑像素对应的像素数：2× 可在高 DPI 屏幕上得到清晰图像</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>文件(&amp;F)：</translation>
    </message>
    <message>
        <source>F&amp;ormat:</source>
        <translation>格式(&amp;O)：</translation>
    </message>
    <message>
        <source>&amp;Width:</source>
        <translation>宽度(&amp;W)：</translation>
    </message>
    <message>
        <source>&amp;Height:</source>
        <translation>高度(&amp;H)：</translation>
    </message>
    <message>
        <source>&amp;Scale:</source>
        <translation>缩放(&amp;S)：</translation>
    </message>
    <message>
        <source>Images (*.png *.svg *.pdf)</source>
        <translation>图像 (*.png *.svg *.pdf)</translation>
    </message>
</context>
<context>
    <name>ChartExporter</name>
    <message>
        <source>No file name given for the chart export.</source>
        <translation>未给出图表导出的文件名。</translation>
    </message>
    <message>
        <source>Cannot export %1: the size %2x%3 at scale %4 is not a valid image size.</source>
        <translation>无法导出 %1：尺寸 %2x%3（缩放 %4）不是有效的图像尺寸。</translation>
    </message>
    <message>
        <source>Cannot export %1: %2x%3 pixels is larger than the limit of %4 per side.</source>
        <translation>无法导出 %1：%2x%3 像素超出了每边 %4 的上限。</translation>
    </message>
    <message>
        <source>Cannot export %1: not enough memory for the image.</source>
        <translation>无法导出 %1：内存不足，无法生成图像。</translation>
    </message>
    <message>
        <source>Chart exported by GPU Compare</source>
        <translation>由 GPU Compare 导出的图表</translation>
    </message>
    <message>
        <source>Cannot export %1: the SVG writer could not start.</source>
        <translation>无法导出 %1：SVG 写入器无法启动。</translation>
    </message>
    <message>
        <source>GPU Compare</source>
        <translation>GPU Compare</translation>
    </message>
    <message>
        <source>Cannot export %1: the PDF writer could not start.</source>
        <translation>无法导出 %1：PDF 写入器无法启动。</translation>
    </message>
</context>
<context>
    <name>ChartKinds</name>
    <message>
        <source>Compute</source>
        <translation>算力</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>Overview (radar)</source>
        <translation>概览（雷达图）</translation>
    </message>
    <message>
        <source>Workload: memory fit</source>
        <translation>工作负载：显存容纳</translation>
    </message>
    <message>
        <source>Workload: latency</source>
        <translation>工作负载：延迟</translation>
    </message>
    <message>
        <source>Workload: throughput</source>
        <translation>工作负载：吞吐量</translation>
    </message>
    <message>
        <source>Workload: cost</source>
        <translation>工作负载：成本</translation>
    </message>
    <message>
        <source>Workload: latency under load</source>
        <translation>工作负载：负载下的延迟</translation>
    </message>
    <message>
        <source>Workload: step time breakdown</source>
        <translation>工作负载：步时间分解</translation>
    </message>
    <message>
        <source>Workload: scaling over GPUs</source>
        <translation>工作负载：随 GPU 数量的扩展</translation>
    </message>
</context>
<context>
    <name>ChartsPanel</name>
    <message>
        <source>Show &amp;sparse figures</source>
        <translation>显示稀疏算力(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Add the 2:4 structured-sparse tensor figures, labelled, next to the dense ones</source>
        <translation>在稠密算力旁加上标注的 2:4 结构化稀疏张量算力</translation>
    </message>
    <message>
        <source>Save this chart as PNG, SVG or PDF</source>
        <translation>将此图表保存为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>C&amp;hart:</source>
        <translation>图表(&amp;H)：</translation>
    </message>
</context>
<context>
    <name>ComparisonCharts</name>
    <message>
        <source>FP64</source>
        <translation>FP64</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>TF32</source>
        <translation>TF32</translation>
    </message>
    <message>
        <source>FP16/BF16</source>
        <translation>FP16/BF16</translation>
    </message>
    <message>
        <source>FP8</source>
        <translation>FP8</translation>
    </message>
    <message>
        <source>INT8 (TOPS)</source>
        <translation>INT8 (TOPS)</translation>
    </message>
    <message>
        <source>FP4</source>
        <translation>FP4</translation>
    </message>
    <message>
        <source>Compute per precision: dense and sparse 2:4</source>
        <translation>各精度算力：稠密与 2:4 稀疏</translation>
    </message>
    <message>
        <source>Compute per precision (dense)</source>
        <translation>各精度算力（稠密）</translation>
    </message>
    <message>
        <source>Throughput (TFLOPS; INT8 in TOPS)</source>
        <translation>算力（TFLOPS；INT8 以 TOPS 计）</translation>
    </message>
    <message>
        <source>%1 (sparse)</source>
        <translation>%1（稀疏）</translation>
    </message>
    <message>
        <source>Datasheet figures. FP64 and FP32 are non-tensor; the others are tensor-core rates. Sparse 2:4 figures need structured-sparse weights and are labelled.</source>
        <translation>数据手册数值。FP64 和 FP32 为非张量核心算力，其余为张量核心算力。2:4 稀疏数值需要结构化稀疏权重，已单独标注。</translation>
    </message>
    <message>
        <source>Memory capacity</source>
        <translation>显存容量</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>单卡显存</translation>
    </message>
    <message>
        <source>Memory (GB)</source>
        <translation>显存 (GB)</translation>
    </message>
    <message>
        <source>Usable memory per GPU from the datasheet.</source>
        <translation>数据手册中的单卡可用显存。</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>GPU-to-GPU link</source>
        <translation>GPU 间互连</translation>
    </message>
    <message>
        <source>PCIe</source>
        <translation>PCIe</translation>
    </message>
    <message>
        <source>Bandwidth (GB/s)</source>
        <translation>带宽 (GB/s)</translation>
    </message>
    <message>
        <source>Links are bidirectional totals; no bar means the GPU has no such link.</source>
        <translation>互连带宽为双向合计；没有柱条表示该 GPU 没有这种互连。</translation>
    </message>
    <message>
        <source>Overview, relative to the best of this comparison</source>
        <translation>概览（相对本次比较中的最佳值）</translation>
    </message>
    <message>
        <source>Fraction of the best (1 = best)</source>
        <translation>相对最佳值的比例（1 = 最佳）</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>算力</translation>
    </message>
    <message>
        <source>Interconnect</source>
        <translation>互连</translation>
    </message>
    <message>
        <source>Power efficiency</source>
        <translation>能效</translation>
    </message>
    <message>
        <source>Price efficiency</source>
        <translation>性价比</translation>
    </message>
    <message>
        <source>Compute: FP16/BF16 dense. Interconnect: NVLink/Infinity Fabric, else PCIe. Power efficiency: TFLOPS per W. Price efficiency: TFLOPS per $/GPU-hour.</source>
        <translation>算力：FP16/BF16 稠密。互连：NVLink/Infinity Fabric，否则为 PCIe。能效：每 W 的 TFLOPS。性价比：每 $/GPU 小时的 TFLOPS。</translation>
    </message>
    <message>
        <source>%1. n/a: does not fit on that many GPUs.</source>
        <translation>%1。无数据：在这么多 GPU 上放不下。</translation>
    </message>
    <message>
        <source>Memory needed per GPU against capacity</source>
        <translation>单卡所需显存与容量对比</translation>
    </message>
    <message>
        <source>Needed</source>
        <translation>所需</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <source>Memory per GPU (GB)</source>
        <translation>单卡显存 (GB)</translation>
    </message>
    <message>
        <source>Training step time</source>
        <translation>训练步时间</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>每步</translation>
    </message>
    <message>
        <source>Step time (s)</source>
        <translation>步时间 (s)</translation>
    </message>
    <message>
        <source>Training throughput</source>
        <translation>训练吞吐量</translation>
    </message>
    <message>
        <source>All GPUs</source>
        <translation>全部 GPU</translation>
    </message>
    <message>
        <source>Throughput (tokens/s)</source>
        <translation>吞吐量 (token/s)</translation>
    </message>
    <message>
        <source>TTFT</source>
        <translation>TTFT</translation>
    </message>
    <message>
        <source>Time to first token (ms)</source>
        <translation>首 token 延迟 (ms)</translation>
    </message>
    <message>
        <source>Decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <source>End-to-end</source>
        <translation>端到端</translation>
    </message>
    <message>
        <source>Throughput, all GPUs (tokens/s)</source>
        <translation>吞吐量，全部 GPU (token/s)</translation>
    </message>
    <message>
        <source>Rental cost per million tokens</source>
        <translation>每百万 token 租用成本</translation>
    </message>
    <message>
        <source>$ per million tokens</source>
        <translation>每百万 token 的 $</translation>
    </message>
    <message>
        <source>Cost ($ per million tokens)</source>
        <translation>成本（每百万 token 的 $）</translation>
    </message>
    <message>
        <source>No estimate for this workload.</source>
        <translation>此工作负载没有估算结果。</translation>
    </message>
    <message>
        <source>Latency under load is estimated for inference workloads.</source>
        <translation>负载下的延迟只针对推理工作负载估算。</translation>
    </message>
    <message>
        <source>Simulating the load at each user count…</source>
        <translation>正在按各用户数模拟负载…</translation>
    </message>
    <message>
        <source>Scaling over GPUs is estimated for training workloads.</source>
        <translation>随 GPU 数量的扩展仅对训练工作负载估算。</translation>
    </message>
    <message>
        <source>Estimating the run at each GPU count…</source>
        <translation>正在估算每个 GPU 数量下的运行…</translation>
    </message>
    <message>
        <source>Training step time breakdown</source>
        <translation>训练步时间分解</translation>
    </message>
    <message>
        <source>Time per optimizer step (s)</source>
        <translation>每个优化器步的时间（秒）</translation>
    </message>
    <message>
        <source>The step time breakdown is estimated for training workloads.</source>
        <translation>步时间分解仅对训练工作负载估算。</translation>
    </message>
    <message>
        <source>Recomputation</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>TP/CP/EP/PP communication</source>
        <translation>TP/CP/EP/PP 通信</translation>
    </message>
    <message>
        <source>DP communication</source>
        <translation>DP 通信</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>%1. Exposed communication only (what overlaps with compute is not counted); n/a: does not fit on that many GPUs.</source>
        <translation>%1。仅计暴露的通信（与计算重叠的部分不计）；n/a：在该数量的 GPU 上放不下。</translation>
    </message>
    <message>
        <source>n/a for %1: %2 (not in the catalogue).</source>
        <translation>%1 无数据：%2（目录中没有）。</translation>
    </message>
    <message>
        <source>Error bars: the 80% range of the estimate (calibration residuals, leave-one-GPU-out); none where no measurement backs the number.</source>
        <translation>误差线：估算值的 80% 区间（校准残差，留一 GPU 交叉验证）；没有实测支撑的数值不画误差线。</translation>
    </message>
    <message>
        <source>Time to first token under the load</source>
        <translation>负载下的首 token 时间</translation>
    </message>
    <message>
        <source>Median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <source>Output tokens per second under the load</source>
        <translation>负载下每秒输出 token 数</translation>
    </message>
    <message>
        <source>Time to first token, one static batch</source>
        <translation>首 token 时间（单个静态批次）</translation>
    </message>
    <message>
        <source>Output tokens per second, one static batch</source>
        <translation>每秒输出 token 数（单个静态批次）</translation>
    </message>
</context>
<context>
    <name>ComparisonController</name>
    <message>
        <source>Workload not estimated: %1</source>
        <translation>未能估算工作负载：%1</translation>
    </message>
    <message>
        <source>the workload cannot be estimated</source>
        <translation>无法估算该工作负载</translation>
    </message>
    <message>
        <source>Showing the last valid result: fix %1 to update (%2)</source>
        <translation>显示的是上一次有效结果：修正 %1 后更新（%2）</translation>
    </message>
    <message>
        <source>Not estimated: fix %1 (%2)</source>
        <translation>未估算：请修正 %1（%2）</translation>
    </message>
    <message>
        <source>%1 — measured on %2</source>
        <translation>%1 — 测量于 %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>ComparisonPresentation</name>
    <message>
        <source>NVSwitch</source>
        <translation>NVSwitch</translation>
    </message>
    <message>
        <source>NVLink bridge</source>
        <translation>NVLink 桥接</translation>
    </message>
    <message>
        <source>Infinity Fabric</source>
        <translation>Infinity Fabric</translation>
    </message>
    <message>
        <source>PCIe only</source>
        <translation>仅 PCIe</translation>
    </message>
    <message>
        <source>FP16/BF16 tensor, dense</source>
        <translation>FP16/BF16 张量，稠密</translation>
    </message>
    <message>
        <source>FP16/BF16 tensor, sparse 2:4</source>
        <translation>FP16/BF16 张量，2:4 稀疏</translation>
    </message>
    <message>
        <source>FP8 tensor, dense</source>
        <translation>FP8 张量，稠密</translation>
    </message>
    <message>
        <source>FP8 tensor, sparse 2:4</source>
        <translation>FP8 张量，2:4 稀疏</translation>
    </message>
    <message>
        <source>INT8 tensor, dense</source>
        <translation>INT8 张量，稠密</translation>
    </message>
    <message>
        <source>INT8 tensor, sparse 2:4</source>
        <translation>INT8 张量，2:4 稀疏</translation>
    </message>
    <message>
        <source>FP4 tensor, dense</source>
        <translation>FP4 张量，稠密</translation>
    </message>
    <message>
        <source>TF32 tensor, dense</source>
        <translation>TF32 张量，稠密</translation>
    </message>
    <message>
        <source>TF32 tensor, sparse 2:4</source>
        <translation>TF32 张量，2:4 稀疏</translation>
    </message>
    <message>
        <source>FP32 (non-tensor)</source>
        <translation>FP32（非张量）</translation>
    </message>
    <message>
        <source>FP64 (non-tensor)</source>
        <translation>FP64（非张量）</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>GPU-to-GPU link, bidirectional</source>
        <translation>GPU 间互连，双向</translation>
    </message>
    <message>
        <source>PCIe, bidirectional</source>
        <translation>PCIe，双向</translation>
    </message>
    <message>
        <source>Board power (TDP)</source>
        <translation>板卡功耗 (TDP)</translation>
    </message>
    <message>
        <source>Rental price (catalogue default)</source>
        <translation>租用价格（目录默认值）</translation>
    </message>
    <message>
        <source>Specs (datasheet)</source>
        <translation>规格（数据手册）</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>Workload: memory</source>
        <translation>工作负载：显存</translation>
    </message>
    <message>
        <source>Memory needed per GPU</source>
        <translation>单卡所需显存</translation>
    </message>
    <message>
        <source>Fewest GPUs that fit</source>
        <translation>能放下的最少 GPU 数</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>none up to 1024</source>
        <translation>1024 个以内都放不下</translation>
    </message>
    <message>
        <source>Peak compute used</source>
        <translation>所用峰值算力</translation>
    </message>
    <message>
        <source>%1 rate: no %2 tensor cores</source>
        <translation>按 %1 算力：没有 %2 张量核心</translation>
    </message>
    <message>
        <source>Workload: inference speed</source>
        <translation>工作负载：推理速度</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>首 token 延迟</translation>
    </message>
    <message>
        <source>Time per output token</source>
        <translation>每个输出 token 的时间</translation>
    </message>
    <message>
        <source>Decode, all GPUs</source>
        <translation>解码，全部 GPU</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>token/s</translation>
    </message>
    <message>
        <source>End-to-end output, all GPUs</source>
        <translation>端到端输出，全部 GPU</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>序列</translation>
    </message>
    <message>
        <source>Longest context that fits</source>
        <translation>能放下的最长上下文</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <source>Workload: training speed</source>
        <translation>工作负载：训练速度</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>步时间</translation>
    </message>
    <message>
        <source>Training throughput, all GPUs</source>
        <translation>训练吞吐量，全部 GPU</translation>
    </message>
    <message>
        <source>Samples, all GPUs</source>
        <translation>样本，全部 GPU</translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation>样本/s</translation>
    </message>
    <message>
        <source>Time for the token budget</source>
        <translation>完成 token 预算所需时间</translation>
    </message>
    <message>
        <source>GPU-hours for the token budget</source>
        <translation>完成 token 预算所需 GPU 小时</translation>
    </message>
    <message>
        <source>GPU-h</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <source>Workload: cost and energy</source>
        <translation>工作负载：成本与能耗</translation>
    </message>
    <message>
        <source>no price in the catalogue</source>
        <translation>目录中没有价格</translation>
    </message>
    <message>
        <source>Measured (catalogue benchmarks)</source>
        <translation>实测（目录中的基准测试）</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>datasheet value</source>
        <translation>数据手册数值</translation>
    </message>
    <message>
        <source>source: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <source>confidence</source>
        <translation>可信度</translation>
    </message>
    <message>
        <source>note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Model replicas (data parallel)</source>
        <translation>模型副本（数据并行）</translation>
    </message>
    <message>
        <source>replicas</source>
        <translation>副本</translation>
    </message>
    <message>
        <source>TP %1 × PP %2 each</source>
        <translation>每个 TP %1 × PP %2</translation>
    </message>
    <message>
        <source>Requests in flight, all GPUs</source>
        <translation>并发请求数，所有 GPU</translation>
    </message>
    <message>
        <source>requests</source>
        <translation>请求</translation>
    </message>
    <message>
        <source>%1 per replica</source>
        <translation>每个副本 %1</translation>
    </message>
    <message>
        <source>Most requests in flight that fit</source>
        <translation>可容纳的最多并发请求</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>全局批大小</translation>
    </message>
    <message numerus="yes">
        <source>micro-batch %1 × %2 steps × %n replica(s)</source>
        <translation>
            <numerusform>微批 %1 × %2 步 × %n 个副本</numerusform>
        </translation>
    </message>
    <message>
        <source>Workload: one static batch (no queueing)</source>
        <translation>工作负载：单个静态批次（无排队）</translation>
    </message>
    <message numerus="yes">
        <source>Workload: serving %n concurrent user(s)</source>
        <translation>
            <numerusform>工作负载：服务 %n 个并发用户</numerusform>
        </translation>
    </message>
    <message>
        <source>Workload: serving %1 requests/s</source>
        <translation>工作负载：每秒服务 %1 个请求</translation>
    </message>
    <message>
        <source>TTFT: time to first token. TPOT: time per output token. Continuous batching simulated step by step under this load, as vLLM, TensorRT-LLM and SGLang schedule: latencies include the time a request waits for a place in the batch.</source>
        <translation>TTFT：首 token 延迟。TPOT：每个输出 token 的时间。按 vLLM、TensorRT-LLM 和 SGLang 的调度方式，在此负载下逐步模拟连续批处理：延迟包含请求等待进入批次的时间。</translation>
    </message>
    <message>
        <source>over target</source>
        <translation>超出目标</translation>
    </message>
    <message>
        <source>TTFT, median</source>
        <translation>TTFT，中位数</translation>
    </message>
    <message>
        <source>TTFT, p90</source>
        <translation>TTFT，p90</translation>
    </message>
    <message>
        <source>TPOT, median</source>
        <translation>TPOT，中位数</translation>
    </message>
    <message>
        <source>TPOT, p90</source>
        <translation>TPOT，p90</translation>
    </message>
    <message>
        <source>Queueing, p90</source>
        <translation>排队时间，p90</translation>
    </message>
    <message>
        <source>Output, all GPUs</source>
        <translation>输出，全部 GPU</translation>
    </message>
    <message>
        <source>%1 per GPU</source>
        <translation>每 GPU %1</translation>
    </message>
    <message>
        <source>Requests completed</source>
        <translation>完成的请求</translation>
    </message>
    <message>
        <source>requests/s</source>
        <translation>请求/s</translation>
    </message>
    <message>
        <source>KV cache in use, peak</source>
        <translation>KV 缓存占用，峰值</translation>
    </message>
    <message>
        <source>Most users within targets</source>
        <translation>满足目标的最多用户数</translation>
    </message>
    <message>
        <source>users</source>
        <translation>用户</translation>
    </message>
    <message numerus="yes">
        <source>closed loop: %n user(s), each sending the next request when the last ends</source>
        <translation>
            <numerusform>闭环：%n 个用户，每个用户在上一个请求结束后发送下一个</numerusform>
        </translation>
    </message>
    <message>
        <source>open loop: Poisson arrivals at %1 requests/s</source>
        <translation>开环：泊松到达，每秒 %1 个请求</translation>
    </message>
    <message>
        <source>serving simulation</source>
        <translation>服务模拟</translation>
    </message>
    <message>
        <source>continuous batching, one engine step at a time</source>
        <translation>连续批处理，逐个引擎步模拟</translation>
    </message>
    <message numerus="yes">
        <source>%1; %n request(s) simulated</source>
        <translation>
            <numerusform>%1；模拟了 %n 个请求</numerusform>
        </translation>
    </message>
    <message>
        <source>most running sequences</source>
        <translation>最多运行序列数</translation>
    </message>
    <message>
        <source>per replica (max num seqs)</source>
        <translation>每个副本（max num seqs）</translation>
    </message>
    <message>
        <source>most tokens per step</source>
        <translation>每步最多 token 数</translation>
    </message>
    <message>
        <source>per replica (max batched tokens, chunked prefill)</source>
        <translation>每个副本（max batched tokens，分块预填充）</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>tokens the cache holds, per replica</source>
        <translation>每个副本的缓存可容纳 token 数</translation>
    </message>
    <message>
        <source>running sequences</source>
        <translation>运行中的序列</translation>
    </message>
    <message>
        <source>mean per replica over the steps</source>
        <translation>各步的每副本平均值</translation>
    </message>
    <message>
        <source>mean %1 · p50 %2 · p90 %3 · p99 %4 ms</source>
        <translation>平均 %1 · p50 %2 · p90 %3 · p99 %4 ms</translation>
    </message>
    <message>
        <source>over the simulated requests</source>
        <translation>基于模拟的请求</translation>
    </message>
    <message>
        <source>end-to-end latency</source>
        <translation>端到端延迟</translation>
    </message>
    <message>
        <source>p50 and p90</source>
        <translation>p50 和 p90</translation>
    </message>
    <message>
        <source>%1 ms and %2 ms</source>
        <translation>%1 ms 和 %2 ms</translation>
    </message>
    <message>
        <source>most users within the targets</source>
        <translation>满足目标的最多用户数</translation>
    </message>
    <message>
        <source>the largest user count whose p90s meet them</source>
        <translation>p90 仍满足目标的最大用户数</translation>
    </message>
    <message>
        <source>Energy for the token budget</source>
        <translation>令牌预算所需电能</translation>
    </message>
    <message>
        <source>TP %1 × PP %2 × DP %3</source>
        <translation>TP %1 × PP %2 × DP %3</translation>
    </message>
    <message>
        <source>, CP %1</source>
        <translation>，CP %1</translation>
    </message>
    <message>
        <source>, EP %1</source>
        <translation>，EP %1</translation>
    </message>
    <message>
        <source>, VPP %1</source>
        <translation>，VPP %1</translation>
    </message>
    <message>
        <source>Gradient accumulation</source>
        <translation>梯度累积</translation>
    </message>
    <message>
        <source>micro-batches</source>
        <translation>个微批次</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>并行布局</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>× %1 GPUs, %2 Gb/s</source>
        <translation>× %1 个 GPU，%2 Gb/s</translation>
    </message>
    <message>
        <source>%1 GPUs per node, no network</source>
        <translation>每节点 %1 个 GPU，无网络</translation>
    </message>
    <message>
        <source>Training throughput per GPU</source>
        <translation>每 GPU 训练吞吐量</translation>
    </message>
    <message>
        <source>Model FLOPs utilisation (MFU)</source>
        <translation>模型 FLOPs 利用率（MFU）</translation>
    </message>
    <message>
        <source>Hardware FLOPs utilisation (HFU)</source>
        <translation>硬件 FLOPs 利用率（HFU）</translation>
    </message>
    <message>
        <source>Workload: step time breakdown</source>
        <translation>工作负载：步时间分解</translation>
    </message>
    <message>
        <source>Exposed: the part of the communication that does not overlap with compute.</source>
        <translation>暴露：通信中未与计算重叠的部分。</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Recomputation</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>TP/CP/EP/PP communication, exposed</source>
        <translation>TP/CP/EP/PP 通信（暴露）</translation>
    </message>
    <message>
        <source>Data-parallel communication, exposed</source>
        <translation>数据并行通信（暴露）</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>Optimizer update</source>
        <translation>优化器更新</translation>
    </message>
    <message>
        <source>Workload: token budget</source>
        <translation>工作负载：令牌预算</translation>
    </message>
    <message>
        <source>days</source>
        <translation>天</translation>
    </message>
    <message>
        <source>%1 hours</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>out of range</source>
        <translation>超出范围</translation>
    </message>
    <message>
        <source>%1 has no value for it in the catalogue; add it on the Catalogue tab</source>
        <translation>%1 在目录中没有该值；请在“目录”选项卡中添加</translation>
    </message>
    <message>
        <source>%1 · %2
model %3 · batch %4 · input %5 · output %6
source: %7</source>
        <translation>%1 · %2
模型 %3 · 批大小 %4 · 输入 %5 · 输出 %6
来源：%7</translation>
    </message>
    <message>
        <source>No estimate for these conditions: %1</source>
        <translation>无法按这些条件估算：%1</translation>
    </message>
    <message>
        <source>%1est. %2, %3</source>
        <translation>%1估算 %2，%3</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>%1 recompute</source>
        <translation>%1重计算</translation>
    </message>
    <message>
        <source>Energy per %1</source>
        <translation>每%1能耗</translation>
    </message>
    <message>
        <source>Electricity per million %1</source>
        <translation>每百万%1电费</translation>
    </message>
    <message>
        <source>1 GPU each</source>
        <translation>每个 1 个 GPU</translation>
    </message>
    <message>
        <source>Measured (your runs)</source>
        <translation>实测（您的运行）</translation>
    </message>
    <message>
        <source>Price per GPU-hour used</source>
        <translation>所用每 GPU 小时价格</translation>
    </message>
    <message>
        <source>owned</source>
        <translation>自有</translation>
    </message>
    <message>
        <source>GPU cost per million %1 at this load</source>
        <translation>此负载下每百万%1的 GPU 成本</translation>
    </message>
    <message>
        <source>GPU cost per million %1</source>
        <translation>每百万%1的 GPU 成本</translation>
    </message>
    <message>
        <source>GPU cost for the token budget</source>
        <translation>令牌预算的 GPU 成本</translation>
    </message>
    <message>
        <source>Power per GPU</source>
        <translation>每 GPU 功耗</translation>
    </message>
    <message>
        <source>%1% busy</source>
        <translation>%1% 繁忙</translation>
    </message>
    <message>
        <source>or more: the search stops here</source>
        <translation>或更多：搜索到此为止</translation>
    </message>
</context>
<context>
    <name>ComparisonTable</name>
    <message>
        <source>Comparison table</source>
        <translation>比较表</translation>
    </message>
    <message>
        <source>One column per GPU; the best value of each row is starred and bold</source>
        <translation>每个 GPU 一列；每行的最佳值加星号并以粗体显示</translation>
    </message>
    <message>
        <source>&amp;Copy Table</source>
        <translation>复制表格(&amp;C)</translation>
    </message>
</context>
<context>
    <name>ComparisonTableModel</name>
    <message>
        <source>Quantity (unit)</source>
        <translation>指标（单位）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1: higher is better</source>
        <translation>%1：越高越好</translation>
    </message>
    <message>
        <source>%1: lower is better</source>
        <translation>%1：越低越好</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>无数据</translation>
    </message>
    <message>
        <source>%1, %2: %3</source>
        <translation>%1，%2：%3</translation>
    </message>
    <message>
        <source>not available</source>
        <translation>不可用</translation>
    </message>
    <message>
        <source>Best in this row (lowest)</source>
        <translation>本行最佳（最低）</translation>
    </message>
    <message>
        <source>Best in this row (highest)</source>
        <translation>本行最佳（最高）</translation>
    </message>
    <message>
        <source>best value in this row</source>
        <translation>本行最佳值</translation>
    </message>
    <message>
        <source>%1 (not in the catalogue)</source>
        <translation>%1（目录中没有）</translation>
    </message>
    <message numerus="yes">
        <source>▸ %1: %n row(s) folded, click to show</source>
        <translation>
            <numerusform>▸ %1：已折叠 %n 行，点击显示</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConflictDialog</name>
    <message>
        <source>Save Catalogue</source>
        <translation>保存目录</translation>
    </message>
    <message numerus="yes">
        <source>Another program changed %n GPU(s) in the catalogue file since they were read. Keep your versions of all of them, or the file&apos;s?</source>
        <translation>
            <numerusform>自读取以来，另一个程序更改了目录文件中的 %n 个 GPU。全部保留您的版本，还是文件中的版本？</numerusform>
        </translation>
    </message>
    <message>
        <source>Keep Mine</source>
        <translation>保留我的</translation>
    </message>
    <message>
        <source>Keep Theirs</source>
        <translation>保留文件中的</translation>
    </message>
    <message>
        <source>%1: yours %2, in the file %3</source>
        <translation>%1：您的值 %2，文件中为 %3</translation>
    </message>
    <message>
        <source>you deleted it; the file changed it</source>
        <translation>您已删除它；文件中它被修改了</translation>
    </message>
    <message>
        <source>the file no longer has it</source>
        <translation>文件中已没有它</translation>
    </message>
</context>
<context>
    <name>CostModel</name>
    <message>
        <source>training tokens</source>
        <translation>训练 token</translation>
    </message>
    <message>
        <source>output tokens</source>
        <translation>输出 token</translation>
    </message>
    <message>
        <source>training token</source>
        <translation>训练 token</translation>
    </message>
    <message>
        <source>output token</source>
        <translation>输出 token</translation>
    </message>
    <message>
        <source>no price</source>
        <translation>无价格</translation>
    </message>
    <message>
        <source>rental</source>
        <translation>租用</translation>
    </message>
    <message>
        <source>owned: %1/h over %2 y, power unknown</source>
        <translation>自有：%1/小时，分摊 %2 年，功耗未知</translation>
    </message>
    <message>
        <source>owned: %1/h over %2 y + power at $%3/kWh</source>
        <translation>自有：%1/小时，分摊 %2 年，另加电费 $%3/kWh</translation>
    </message>
    <message>
        <source>costs rented at each GPU&apos;s rental rate</source>
        <translation>成本按各 GPU 的租用价格计算</translation>
    </message>
    <message>
        <source>costs owned (no GPU here has a purchase price)</source>
        <translation>成本按自有计算（此处没有 GPU 有购买价格）</translation>
    </message>
    <message>
        <source>costs owned over %1 years: purchase price plus power at $%2/kWh</source>
        <translation>成本按自有 %1 年计算：购买价格加电费 $%2/kWh</translation>
    </message>
    <message>
        <source>no rental price</source>
        <translation>无租用价格</translation>
    </message>
    <message>
        <source>no purchase price</source>
        <translation>无购买价格</translation>
    </message>
</context>
<context>
    <name>CsvReader</name>
    <message>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>the file is larger than %1 MiB</source>
        <translation>文件大于 %1 MiB</translation>
    </message>
    <message>
        <source>the file is not valid UTF-8 text</source>
        <translation>文件不是有效的 UTF-8 文本</translation>
    </message>
    <message>
        <source>the file contains NUL bytes (binary data, not CSV)</source>
        <translation>文件包含 NUL 字节（是二进制数据，不是 CSV）</translation>
    </message>
    <message>
        <source>a quote inside an unquoted field (quote the whole field and double the quote)</source>
        <translation>未加引号的字段中有引号（请给整个字段加引号，并把其中的引号写两遍）</translation>
    </message>
    <message>
        <source>more than %1 fields</source>
        <translation>超过 %1 个字段</translation>
    </message>
    <message>
        <source>text after a closing quote</source>
        <translation>结束引号之后还有文本</translation>
    </message>
    <message>
        <source>a quoted field is never closed</source>
        <translation>加引号的字段没有结束引号</translation>
    </message>
</context>
<context>
    <name>EditMarkerLegend</name>
    <message>
        <source>not saved yet</source>
        <translation>尚未保存</translation>
    </message>
    <message>
        <source>differs from the bundled value (hover a cell for it)</source>
        <translation>与内置值不同（悬停单元格查看）</translation>
    </message>
</context>
<context>
    <name>EditRecoveryFile</name>
    <message>
        <source>not a recovery file of GPU Compare</source>
        <translation>不是 GPU Compare 的恢复文件</translation>
    </message>
</context>
<context>
    <name>EstimateRanges</name>
    <message>
        <source>decode speed</source>
        <translation>解码速度</translation>
    </message>
    <message>
        <source>prefill speed</source>
        <translation>预填充速度</translation>
    </message>
    <message>
        <source>offline throughput</source>
        <translation>离线吞吐量</translation>
    </message>
    <message>
        <source>training speed</source>
        <translation>训练速度</translation>
    </message>
    <message>
        <source>TTFT under load</source>
        <translation>负载下的 TTFT</translation>
    </message>
    <message>
        <source>TPOT under load</source>
        <translation>负载下的 TPOT</translation>
    </message>
    <message>
        <source>latency under load</source>
        <translation>负载下的延迟</translation>
    </message>
    <message>
        <source>throughput under load</source>
        <translation>负载下的吞吐量</translation>
    </message>
    <message>
        <source>no measurements for memory: a formula, not calibrated</source>
        <translation>内存没有实测：按公式计算，未经校准</translation>
    </message>
    <message>
        <source>no measurements for %1&apos;s %2</source>
        <translation>%1 的%2没有实测</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 prefill and decode speed</source>
        <translation>%1 预填充与解码速度</translation>
    </message>
    <message>
        <source>no %1 measurements</source>
        <translation>无 %1 实测数据</translation>
    </message>
    <message>
        <source>matmul share assumed</source>
        <translation>矩阵乘法可达比例为假定值</translation>
    </message>
    <message>
        <source>memory share assumed</source>
        <translation>显存带宽可达比例为假定值</translation>
    </message>
    <message>
        <source>%1, widened: %2</source>
        <translation>%1，已放宽：%2</translation>
    </message>
    <message>
        <source>queueing under load</source>
        <translation>负载下的排队</translation>
    </message>
    <message>
        <source>every serving engine&apos;s %1</source>
        <translation>所有服务引擎的%1</translation>
    </message>
</context>
<context>
    <name>Estimator</name>
    <message>
        <source>model %1: no layers, hidden size or parameter count to size it by</source>
        <translation>模型 %1：没有层数、隐藏维度或参数量，无法估算其规模</translation>
    </message>
    <message>
        <source>batch %1: allowed %2 to %3 (0 = the largest that fits)</source>
        <translation>批大小 %1：允许 %2 到 %3（0 = 能放下的最大值）</translation>
    </message>
    <message>
        <source>input tokens %1: allowed %2 to %3</source>
        <translation>输入 token 数 %1：允许 %2 到 %3</translation>
    </message>
    <message>
        <source>output tokens %1: allowed %2 to %3</source>
        <translation>输出 token 数 %1：允许 %2 到 %3</translation>
    </message>
    <message>
        <source>input and output tokens are both 0: at least one token is needed</source>
        <translation>输入和输出 token 数都为 0：至少需要一个 token</translation>
    </message>
    <message>
        <source>sequence length %1: allowed %2 to %3</source>
        <translation>序列长度 %1：允许 %2 到 %3</translation>
    </message>
    <message>
        <source>gpus %1: allowed %2 to %3</source>
        <translation>GPU 数 %1：允许 %2 到 %3</translation>
    </message>
    <message>
        <source>tp %1: allowed 1 to the GPU count (%2)</source>
        <translation>张量并行 %1：允许 1 到 GPU 数（%2）</translation>
    </message>
    <message>
        <source>pp %1: allowed 1 to the GPU count (%2)</source>
        <translation>流水线并行 %1：允许 1 到 GPU 数（%2）</translation>
    </message>
    <message>
        <source>tp x pp = %1 does not divide the GPU count %2</source>
        <translation>tp x pp = %1 不能整除 GPU 数 %2</translation>
    </message>
    <message>
        <source>pp %1: the model has only %2 layers</source>
        <translation>流水线并行 %1：模型只有 %2 层</translation>
    </message>
    <message>
        <source>zero %1: allowed 0, 1, 2, 3</source>
        <translation>ZeRO %1：允许 0、1、2、3</translation>
    </message>
    <message>
        <source>task %1: LoRA needs a transformer model, %2 is not one</source>
        <translation>任务 %1：LoRA 需要 Transformer 模型，%2 不是</translation>
    </message>
    <message>
        <source>lora rank %1: allowed %2 to %3</source>
        <translation>LoRA 秩 %1：允许 %2 到 %3</translation>
    </message>
    <message>
        <source>kv precision %1: a GGUF weight format; allowed fp32, bf16, fp16, fp8, int8, int4</source>
        <translation>KV 精度 %1：这是 GGUF 权重格式；允许 fp32、bf16、fp16、fp8、int8、int4</translation>
    </message>
    <message>
        <source>precision int8: training needs fp32, tf32, bf16, fp16 or fp8 math</source>
        <translation>精度 int8：训练需要 fp32、tf32、bf16、fp16 或 fp8 运算</translation>
    </message>
    <message>
        <source>usd per GPU-hour %1: allowed %2 to %3</source>
        <translation>每 GPU 小时美元 %1：允许 %2 到 %3</translation>
    </message>
    <message>
        <source>usd per kWh %1: allowed %2 to %3</source>
        <translation>每 kWh 美元 %1：允许 %2 到 %3</translation>
    </message>
    <message>
        <source>utilisation %1: allowed above %2 up to %3</source>
        <translation>利用率 %1：允许大于 %2 且不超过 %3</translation>
    </message>
    <message>
        <source>train tokens %1: allowed 0 to 1e16</source>
        <translation>训练 token 数 %1：允许 0 到 1e16</translation>
    </message>
    <message>
        <source>%1 has no %2 tensor rate; computed at the %3 rate (%4 TFLOPS)</source>
        <translation>%1 没有 %2 张量算力；按 %3 算力（%4 TFLOPS）计算</translation>
    </message>
    <message>
        <source>dense tensor rate for %1</source>
        <translation>%1 稠密张量算力</translation>
    </message>
    <message>
        <source>smallest power of two n whose split has memory per GPU &lt;= capacity</source>
        <translation>使单卡显存 &lt;= 容量的最小 2 的幂 n</translation>
    </message>
    <message>
        <source>micro-batch %1: allowed 1 to the global batch (%2)</source>
        <translation>微批 %1：允许 1 到全局批大小（%2）</translation>
    </message>
    <message>
        <source>concurrent users: only inference is served; training has no users</source>
        <translation>并发用户：只有推理才有服务；训练没有用户</translation>
    </message>
    <message>
        <source>concurrent users: the serving simulation needs a model that generates tokens; %1 does not</source>
        <translation>并发用户：服务模拟需要生成 token 的模型；%1 不生成</translation>
    </message>
    <message>
        <source>concurrent users %1: allowed %2 to %3</source>
        <translation>并发用户 %1：允许 %2 到 %3</translation>
    </message>
    <message>
        <source>request rate %1: allowed above %2 up to %3 requests/s</source>
        <translation>请求速率 %1：允许大于 %2、最多每秒 %3 个请求</translation>
    </message>
    <message>
        <source>request rate %1 with %2 concurrent users: give one of them (users: a closed loop; rate: arrivals)</source>
        <translation>请求速率 %1 与 %2 个并发用户：只能给出其一（用户：闭环；速率：到达）</translation>
    </message>
    <message>
        <source>concurrent users 0: give at least 1 user, or a request rate above 0</source>
        <translation>并发用户 0：至少给出 1 个用户，或大于 0 的请求速率</translation>
    </message>
    <message>
        <source>requests %1: allowed %2 to %3</source>
        <translation>请求数 %1：允许 %2 到 %3</translation>
    </message>
    <message>
        <source>max running sequences %1: allowed %2 to %3</source>
        <translation>最多运行序列数 %1：允许 %2 到 %3</translation>
    </message>
    <message>
        <source>max batched tokens %1: allowed %2 to %3</source>
        <translation>每步最多 token 数 %1：允许 %2 到 %3</translation>
    </message>
    <message>
        <source>TTFT p90 target %1 ms: allowed above 0</source>
        <translation>TTFT p90 目标 %1 ms：须大于 0</translation>
    </message>
    <message>
        <source>TPOT p90 target %1 ms: allowed above 0</source>
        <translation>TPOT p90 目标 %1 ms：须大于 0</translation>
    </message>
    <message>
        <source>%1 requests do not fit in memory at once: %2 run together, the others queue (serving simulation)</source>
        <translation>%1 个请求无法同时放入显存：%2 个一起运行，其余排队（服务模拟）</translation>
    </message>
    <message>
        <source>cp %1: allowed %2 to %3</source>
        <translation>cp %1：允许 %2 到 %3</translation>
    </message>
    <message>
        <source>ep %1: allowed %2 to %3</source>
        <translation>ep %1：允许 %2 到 %3</translation>
    </message>
    <message>
        <source>ep %1: %2 has no experts to split (a dense model)</source>
        <translation>ep %1：%2 没有可拆分的专家（稠密模型）</translation>
    </message>
    <message>
        <source>ep %1 does not divide the model&apos;s %2 experts</source>
        <translation>ep %1 不能整除模型的 %2 个专家</translation>
    </message>
    <message>
        <source>vpp %1: allowed %2 to %3</source>
        <translation>vpp %1：允许 %2 到 %3</translation>
    </message>
    <message>
        <source>vpp %1 interleaves pipeline stages: it needs pp 2 or more</source>
        <translation>vpp %1 交错流水线阶段：需要 pp 为 2 或以上</translation>
    </message>
    <message>
        <source>GPUs per node %1: allowed %2 to %3</source>
        <translation>每节点 GPU 数 %1：允许 %2 到 %3</translation>
    </message>
    <message>
        <source>network %1 Gb/s: allowed %2 (one node only) to %3</source>
        <translation>网络 %1 Gb/s：允许 %2（仅单节点）到 %3</translation>
    </message>
    <message>
        <source>one node only, but %1 GPUs need %2 nodes of %3: choose a network</source>
        <translation>仅单节点，但 %1 个 GPU 需要 %2 个节点（每节点 %3 个）：请选择网络</translation>
    </message>
    <message>
        <source>tp x pp x cp = %1 does not divide the GPU count %2</source>
        <translation>tp x pp x cp = %1 不能整除 GPU 数量 %2</translation>
    </message>
    <message>
        <source>micro-batch %1 does not divide the global batch %2 over %3 data-parallel replicas (%4 each); choose a global batch that is a multiple of %5</source>
        <translation>微批次 %1 不能整除分到 %3 个数据并行副本上的全局批次 %2（每个 %4）；请选择 %5 的倍数作为全局批次</translation>
    </message>
    <message>
        <source>%1 GPUs need %2 nodes of %3; the network is one node only</source>
        <translation>%1 个 GPU 需要 %2 个节点（每节点 %3 个）；网络设为仅单节点</translation>
    </message>
    <message>
        <source>the global batch %1 does not split evenly into micro-batches of %2 over %3 replicas: each step runs %4 micro-batches per replica</source>
        <translation>全局批次 %1 不能均分为 %3 个副本上大小为 %2 的微批次：每步每个副本运行 %4 个微批次</translation>
    </message>
    <message>
        <source>%1 %2 (not in the catalogue)</source>
        <translation>%1 %2（目录中没有）</translation>
    </message>
    <message>
        <source>%1: the speed estimate is out of range (%2 s a training step): check its compute and bandwidth values in the catalogue</source>
        <translation>%1：速度估算超出范围（每个训练步 %2 秒）：请检查目录中的算力和带宽值</translation>
    </message>
    <message>
        <source>%1: the speed estimate is out of range (%2 s for the first two tokens): check its compute and bandwidth values in the catalogue</source>
        <translation>%1：速度估算超出范围（前两个词元 %2 秒）：请检查目录中的算力和带宽值</translation>
    </message>
    <message>
        <source>activation precision %1: allowed fp32, tf32, bf16, fp16, fp8, mxfp8, fp4, mxfp4, nvfp4, int8</source>
        <translation>激活精度 %1：允许 fp32、tf32、bf16、fp16、fp8、mxfp8、fp4、mxfp4、nvfp4、int8</translation>
    </message>
    <message>
        <source>under load nothing is served: the engine&apos;s KV cache holds %2 tokens and one request needs %1 (the weights and overheads fill the share of memory the engine uses)</source>
        <translation>负载下无法服务任何请求：引擎的 KV 缓存只容纳 %2 个 token，而一个请求需要 %1 个（权重和开销已占满引擎可用的显存份额）</translation>
    </message>
    <message>
        <source>%1: no microbenchmark of its %2 in the catalogue; assumed to reach the typical share of its datasheet (matmul %3%, memory %4%)</source>
        <translation>%1：目录中没有其%2的微基准测试；假定其达到规格表的典型比例（矩阵乘法 %3%，显存 %4%）</translation>
    </message>
    <message>
        <source>matmul rate and memory bandwidth</source>
        <translation>矩阵乘法速率和显存带宽</translation>
    </message>
    <message>
        <source>matmul rate</source>
        <translation>矩阵乘法速率</translation>
    </message>
    <message>
        <source>memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>%1 runs on %2, which %3&apos;s measurements do not include (they are %4): its efficiencies are those stacks&apos;, and its ranges are widened by the spread between stacks</source>
        <translation>%1 运行于 %2，而 %3 的实测数据不包含该软件栈（实测数据来自 %4）：其效率沿用这些软件栈的效率，其范围按软件栈之间的差异放宽</translation>
    </message>
    <message>
        <source>requests %1: simulating them takes at least %2 engine steps, more than %3 (a few seconds): ask for fewer requests, or more tokens or sequences per step</source>
        <translation>请求数 %1：模拟这些请求至少需要 %2 个引擎步，超过 %3（数秒）：请减少请求数，或增加每步的 token 数或序列数</translation>
    </message>
    <message>
        <source>warm-up requests %1: allowed %2 to %3</source>
        <translation>预热请求 %1：允许 %2 到 %3</translation>
    </message>
    <message>
        <source>burstiness %1: allowed above %2 up to %3 (1: Poisson arrivals)</source>
        <translation>突发度 %1：允许大于 %2 至 %3（1：泊松到达）</translation>
    </message>
    <message>
        <source>burstiness %1 shapes arrivals at a request rate: give --request-rate, not users</source>
        <translation>突发度 %1 描述按请求速率的到达：请给出 --request-rate，而不是用户数</translation>
    </message>
    <message>
        <source>random range ratio %1: allowed %2 up to (not including) %3</source>
        <translation>随机范围比例 %1：允许 %2 到 %3（不含 %3）</translation>
    </message>
    <message>
        <source>random range ratio %1 spreads the random dataset&apos;s lengths: give --dataset random</source>
        <translation>随机范围比例 %1 用于随机数据集的长度分布：请给出 --dataset random</translation>
    </message>
    <message>
        <source>dataset %1: its lengths could not be read</source>
        <translation>数据集 %1：无法读取其长度</translation>
    </message>
    <message>
        <source>dataset %1: its longest request has %2 tokens, beyond %3&apos;s context of %4</source>
        <translation>数据集 %1：最长请求有 %2 个 token，超出 %3 的上下文长度 %4</translation>
    </message>
    <message>
        <source>first and last stages of %1 and %2 layers leave too few of the model&apos;s %3 layers for the other %4 stages</source>
        <translation>首尾阶段各 %1 和 %2 层后，模型的 %3 层不足以分给其余 %4 个阶段</translation>
    </message>
    <message>
        <source>gpus %1: fewer than tp x pp x cp = %2</source>
        <translation>gpus %1：少于 tp x pp x cp = %2</translation>
    </message>
    <message>
        <source>ep %1 does not divide the %2 GPUs of a pipeline stage</source>
        <translation>ep %1 不能整除一个流水线阶段的 %2 个 GPU</translation>
    </message>
    <message>
        <source>max (as many requests as fit) is for inference: training needs a global batch of %1 to %2</source>
        <translation>max（尽可能多的请求）仅用于推理：训练需要 %1 到 %2 的全局批量</translation>
    </message>
    <message>
        <source>years owned %1: allowed above 0 up to %2</source>
        <translation>自有年数 %1：允许大于 0、最多 %2</translation>
    </message>
    <message>
        <source>blockwise FP8 scaling needs Hopper or later; %1 is Ada Lovelace: choose the tensorwise or delayed recipe</source>
        <translation>分块 FP8 缩放需要 Hopper 或更新的架构；%1 是 Ada Lovelace：请选择 tensorwise 或 delayed 方案</translation>
    </message>
    <message>
        <source>MXFP8 needs tensor cores that apply MX block scales (B200, B300, GB200, GB300, CDNA 4); %1 has none: choose the tensorwise, delayed or blockwise FP8 recipe</source>
        <translation>MXFP8 需要能应用 MX 分块缩放的张量核心（B200、B300、GB200、GB300、CDNA 4）；%1 没有：请选择 tensorwise、delayed 或 blockwise FP8 方案</translation>
    </message>
    <message>
        <source>the prefill workers&apos; split (tp %1, ep %2) needs %3 GB per GPU</source>
        <translation>预填充工作节点的切分（tp %1，ep %2）每个 GPU 需要 %3 GB</translation>
    </message>
    <message>
        <source>pp %1 x vpp %2 = %3 chunks for the model&apos;s %4 layers: Megatron takes at most one chunk a layer, or exactly %5 with the embedding and the loss as chunks of their own</source>
        <translation>pp %1 x vpp %2 = %3 个块，而模型有 %4 层：Megatron 每层最多一个块，或在嵌入层和损失各自成块时恰好 %5 个</translation>
    </message>
    <message>
        <source>bf16 layers %1: the model has %2 layers</source>
        <translation>bf16 层数 %1：模型只有 %2 层</translation>
    </message>
    <message>
        <source>prefill ep %1 does not divide the model&apos;s %2 experts</source>
        <translation>预填充 ep %1 不能整除模型的 %2 个专家</translation>
    </message>
    <message>
        <source>one node only, but the two pools&apos; %1 GPUs move KV caches between nodes: choose a network</source>
        <translation>仅一个节点，但两个池的 %1 个 GPU 要在节点间传输 KV 缓存：请选择网络</translation>
    </message>
    <message>
        <source>ep %1 for inference spreads the experts over the tensor-parallel GPUs of ep / tp replicas (vLLM --enable-expert-parallel, SGLang --ep): give a tp that divides %1 (tp %1 for one replica) and pp 1</source>
        <translation>推理的 ep %1 将专家分布在 ep / tp 个副本的张量并行 GPU 上（vLLM --enable-expert-parallel，SGLang --ep）：请给出能整除 %1 的 tp（一个副本时为 tp %1）和 pp 1</translation>
    </message>
    <message>
        <source>precision %1: %2 needs fp32, tf32, bf16, fp16, fp8 or mxfp8 weights (nvfp4 for full training); use qlora for a 4-bit base</source>
        <translation>精度 %1：%2 需要 fp32、tf32、bf16、fp16、fp8 或 mxfp8 权重（完整训练可用 nvfp4）；4 位基座请用 qlora</translation>
    </message>
    <message>
        <source>activation precision %1: %2 runs 4-bit matmuls only as nvfp4, in full training</source>
        <translation>激活精度 %1：%2 仅在完整训练中以 nvfp4 运行 4 位矩阵乘</translation>
    </message>
    <message>
        <source>NVFP4 training needs Transformer Engine&apos;s NVFP4 GEMMs, on compute capability 10.0 (B200, B300, GB200, GB300; its random Hadamard transform fails on sm_120); %1 has none: choose fp8 or mxfp8</source>
        <translation>NVFP4 训练需要 Transformer Engine 的 NVFP4 GEMM，计算能力 10.0（B200、B300、GB200、GB300；其随机 Hadamard 变换在 sm_120 上失败）；%1 不具备：请选择 fp8 或 mxfp8</translation>
    </message>
</context>
<context>
    <name>FirstFrameGrabber</name>
    <message>
        <source>cannot write %1: PNG encoding failed</source>
        <translation>无法写入 %1：PNG 编码失败</translation>
    </message>
</context>
<context>
    <name>GpuCapabilities</name>
    <message>
        <source>NVLink bridge</source>
        <translation>NVLink 桥接</translation>
    </message>
    <message>
        <source>network</source>
        <translation>网络</translation>
    </message>
</context>
<context>
    <name>GpuEditSession</name>
    <message>
        <source>The catalogue is read-only: %1</source>
        <translation>目录为只读：%1</translation>
    </message>
    <message>
        <source>there is no column %1</source>
        <translation>没有第 %1 列</translation>
    </message>
    <message>
        <source>there is no cell %1, %2</source>
        <translation>没有单元格 %1, %2</translation>
    </message>
    <message>
        <source>GPU id: another GPU already has the id &apos;%1&apos;</source>
        <translation>GPU 标识：已有另一个 GPU 使用标识“%1”</translation>
    </message>
    <message>
        <source>GPU id: &apos;%1&apos; belongs to a GPU deleted but not saved yet; save first, then rename</source>
        <translation>GPU 标识：“%1”属于一块已删除但尚未保存的 GPU；请先保存，再重命名</translation>
    </message>
    <message>
        <source>a GPU with the id &apos;%1&apos; already exists</source>
        <translation>标识为“%1”的 GPU 已存在</translation>
    </message>
    <message>
        <source>GPU &apos;%1&apos;: %2</source>
        <translation>GPU“%1”：%2</translation>
    </message>
</context>
<context>
    <name>GpuField</name>
    <message>
        <source>GPU id</source>
        <translation>GPU 标识</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>厂商</translation>
    </message>
    <message>
        <source>Product</source>
        <translation>产品</translation>
    </message>
    <message>
        <source>Variant</source>
        <translation>型号</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <source>Chip</source>
        <translation>芯片</translation>
    </message>
    <message>
        <source>Year</source>
        <translation>年份</translation>
    </message>
    <message>
        <source>Release</source>
        <translation>发布信息</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>制程</translation>
    </message>
    <message>
        <source>SMs / CUs</source>
        <translation>SM / CU 数</translation>
    </message>
    <message>
        <source>SMs / CUs note</source>
        <translation>SM / CU 备注</translation>
    </message>
    <message>
        <source>Boost clock</source>
        <translation>加速频率</translation>
    </message>
    <message>
        <source>Boost clock note</source>
        <translation>加速频率备注</translation>
    </message>
    <message>
        <source>FP64</source>
        <translation>FP64</translation>
    </message>
    <message>
        <source>FP64 tensor</source>
        <translation>FP64 张量</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>TF32 dense</source>
        <translation>TF32 稠密</translation>
    </message>
    <message>
        <source>TF32 sparse</source>
        <translation>TF32 稀疏</translation>
    </message>
    <message>
        <source>FP16/BF16 dense</source>
        <translation>FP16/BF16 稠密</translation>
    </message>
    <message>
        <source>FP16/BF16 sparse</source>
        <translation>FP16/BF16 稀疏</translation>
    </message>
    <message>
        <source>FP8 dense</source>
        <translation>FP8 稠密</translation>
    </message>
    <message>
        <source>FP8 sparse</source>
        <translation>FP8 稀疏</translation>
    </message>
    <message>
        <source>INT8 dense</source>
        <translation>INT8 稠密</translation>
    </message>
    <message>
        <source>INT8 sparse</source>
        <translation>INT8 稀疏</translation>
    </message>
    <message>
        <source>FP4 dense</source>
        <translation>FP4 稠密</translation>
    </message>
    <message>
        <source>FP4 sparse</source>
        <translation>FP4 稀疏</translation>
    </message>
    <message>
        <source>Compute note</source>
        <translation>算力备注</translation>
    </message>
    <message>
        <source>Vendor headline sparse?</source>
        <translation>厂商宣传值为稀疏？</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Memory type</source>
        <translation>显存类型</translation>
    </message>
    <message>
        <source>Memory bus</source>
        <translation>显存位宽</translation>
    </message>
    <message>
        <source>Memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>TDP</source>
        <translation>TDP</translation>
    </message>
    <message>
        <source>TDP note</source>
        <translation>TDP 备注</translation>
    </message>
    <message>
        <source>Interconnect</source>
        <translation>互连</translation>
    </message>
    <message>
        <source>Interconnect note</source>
        <translation>互连备注</translation>
    </message>
    <message>
        <source>GPU-GPU bandwidth</source>
        <translation>GPU 间带宽</translation>
    </message>
    <message>
        <source>PCIe gen</source>
        <translation>PCIe 代数</translation>
    </message>
    <message>
        <source>PCIe note</source>
        <translation>PCIe 备注</translation>
    </message>
    <message>
        <source>PCIe bandwidth</source>
        <translation>PCIe 带宽</translation>
    </message>
    <message>
        <source>Form factor</source>
        <translation>外形规格</translation>
    </message>
    <message>
        <source>MIG</source>
        <translation>MIG</translation>
    </message>
    <message>
        <source>Launch price</source>
        <translation>首发价格</translation>
    </message>
    <message>
        <source>Rental price (estimate)</source>
        <translation>租用价格（估计）</translation>
    </message>
    <message>
        <source>Price note</source>
        <translation>价格备注</translation>
    </message>
    <message>
        <source>Rental price basis</source>
        <translation>租用价格依据</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Cross-checked against</source>
        <translation>交叉核对来源</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>可信度</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>is required</source>
        <translation>为必填项</translation>
    </message>
    <message>
        <source>must be text</source>
        <translation>必须是文本</translation>
    </message>
    <message>
        <source>is longer than %1 characters</source>
        <translation>超过了 %1 个字符</translation>
    </message>
    <message>
        <source>must be 1-64 lowercase letters, digits, &apos;_&apos;, &apos;.&apos; or &apos;-&apos;, starting with a letter or digit (got &apos;%1&apos;)</source>
        <translation>必须是 1-64 个小写字母、数字、“_”、“.”或“-”，并以字母或数字开头（实际为“%1”）</translation>
    </message>
    <message>
        <source>must be one of %1 (got &apos;%2&apos;)</source>
        <translation>必须是 %1 之一（实际为“%2”）</translation>
    </message>
    <message>
        <source>must be a number (got &apos;%1&apos;)</source>
        <translation>必须是数字（实际为“%1”）</translation>
    </message>
    <message>
        <source>must be a number, not NaN</source>
        <translation>必须是数字，不能是 NaN</translation>
    </message>
    <message>
        <source>must be finite</source>
        <translation>必须是有限值</translation>
    </message>
    <message>
        <source>must not be negative (got %1)</source>
        <translation>不能为负数（实际为 %1）</translation>
    </message>
    <message>
        <source>must be a whole number (got %1)</source>
        <translation>必须是整数（实际为 %1）</translation>
    </message>
    <message>
        <source>must be between %1 and %2%3 (got %4)</source>
        <translation>必须介于 %1 和 %2%3 之间（实际为 %4）</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <source>must be 0 or between %1 and %2%3 (got %4)</source>
        <translation>必须为 0 或介于 %1 与 %2%3 之间（实际为 %4）</translation>
    </message>
    <message>
        <source>must be at least %1 (got %2)</source>
        <translation>必须至少为 %1（实际为 %2）</translation>
    </message>
    <message>
        <source>PCI ids</source>
        <translation>PCI 标识</translation>
    </message>
    <message>
        <source>FP6 dense</source>
        <translation>FP6 稠密</translation>
    </message>
    <message>
        <source>FP6 sparse</source>
        <translation>FP6 稀疏</translation>
    </message>
    <message>
        <source>must be PCI vendor:device ids in hexadecimal, such as 10de:2330, separated by commas (got &apos;%1&apos;)</source>
        <translation>必须是十六进制的 PCI 厂商:设备标识，例如 10de:2330，以逗号分隔（当前为“%1”）</translation>
    </message>
    <message>
        <source>FP16-accumulate dense</source>
        <translation>FP16 累加稠密</translation>
    </message>
    <message>
        <source>Achievable BF16 matmul</source>
        <translation>可达 BF16 矩阵乘法</translation>
    </message>
    <message>
        <source>Achievable bandwidth</source>
        <translation>可达显存带宽</translation>
    </message>
    <message>
        <source>Achievable rates source</source>
        <translation>可达速率来源</translation>
    </message>
</context>
<context>
    <name>GpuPicker</name>
    <message>
        <source>GPU picker</source>
        <translation>GPU 选择器</translation>
    </message>
    <message>
        <source>Filter GPUs: name, vendor, architecture</source>
        <translation>筛选 GPU：名称、厂商、架构</translation>
    </message>
    <message>
        <source>Filter GPUs</source>
        <translation>筛选 GPU</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>GPUs to compare</source>
        <translation>要比较的 GPU</translation>
    </message>
    <message>
        <source>Selected GPU count</source>
        <translation>已选 GPU 数</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>%1
%2</source>
        <translation>%1
%2</translation>
    </message>
    <message>
        <source>%1 of %2 GPUs selected</source>
        <translation>已选 %1 / %2 个 GPU</translation>
    </message>
    <message>
        <source>Pick this machine&apos;s GPUs</source>
        <translation>选中本机的 GPU</translation>
    </message>
    <message numerus="yes">
        <source>Checks the %n GPU model(s) found in this machine, keeping the GPUs already checked</source>
        <translation>
            <numerusform>勾选在本机找到的 %n 种 GPU 型号，已勾选的 GPU 保持不变</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 in this machine</source>
        <translation>本机有 %1 块</translation>
    </message>
    <message>
        <source>%1 found in this machine</source>
        <translation>在本机找到 %1 块</translation>
    </message>
</context>
<context>
    <name>GpuRepository</name>
    <message>
        <source>: a GPU with this gpu_id already exists</source>
        <translation>：已有使用此 gpu_id 的 GPU</translation>
    </message>
    <message>
        <source>the catalogue is read-only</source>
        <translation>目录为只读</translation>
    </message>
    <message>
        <source>cannot read the GPUs</source>
        <translation>无法读取 GPU 列表</translation>
    </message>
    <message>
        <source>cannot read GPU %1</source>
        <translation>无法读取 GPU %1</translation>
    </message>
    <message>
        <source>no GPU with id &apos;%1&apos;</source>
        <translation>没有标识为“%1”的 GPU</translation>
    </message>
    <message>
        <source>cannot count the GPUs</source>
        <translation>无法统计 GPU 数量</translation>
    </message>
    <message>
        <source>cannot add GPU &apos;%1&apos;</source>
        <translation>无法添加 GPU“%1”</translation>
    </message>
    <message>
        <source>cannot save GPU &apos;%1&apos;</source>
        <translation>无法保存 GPU“%1”</translation>
    </message>
    <message>
        <source>GPU &apos;%1&apos; was changed or deleted by someone else since it was read; reload it and apply your change again</source>
        <translation>GPU“%1”在读取后已被其他人修改或删除；请重新加载后再次应用您的更改</translation>
    </message>
    <message>
        <source>cannot delete GPU &apos;%1&apos;</source>
        <translation>无法删除 GPU“%1”</translation>
    </message>
    <message>
        <source>GPU &apos;%1&apos; was changed or deleted by someone else since it was read; it was not deleted</source>
        <translation>GPU“%1”在读取后已被其他人修改或删除；未删除它</translation>
    </message>
    <message>
        <source>cannot read GPU &apos;%1&apos;</source>
        <translation>无法读取 GPU“%1”</translation>
    </message>
    <message>
        <source>cannot read the measurements of &apos;%1&apos;</source>
        <translation>无法读取“%1”的测量结果</translation>
    </message>
    <message>
        <source>cannot move the measurements to &apos;%1&apos;</source>
        <translation>无法把测量结果移到“%1”</translation>
    </message>
</context>
<context>
    <name>GpuSourcesLabel</name>
    <message>
        <source>&lt;b&gt;Sources of %1:&lt;/b&gt; %2</source>
        <translation>&lt;b&gt;%1 的来源：&lt;/b&gt;%2</translation>
    </message>
    <message>
        <source>none given</source>
        <translation>未提供</translation>
    </message>
</context>
<context>
    <name>HtmlReportWriter</name>
    <message>
        <source>%1:</source>
        <translation>%1：</translation>
    </message>
    <message>
        <source>GPU Compare %1 · %2</source>
        <translation>GPU Compare %1 · %2</translation>
    </message>
    <message>
        <source>GPU Compare %1 · %2 · page %3 of %4</source>
        <translation>GPU Compare %1 · %2 · 第 %3 页，共 %4 页</translation>
    </message>
</context>
<context>
    <name>HuggingFaceConfig</name>
    <message>
        <source>%1: expected a whole number &gt;= 0</source>
        <translation>%1：应为大于等于 0 的整数</translation>
    </message>
    <message>
        <source>config.json: needs num_hidden_layers, hidden_size and num_attention_heads (or n_layer, n_embd, n_head)</source>
        <translation>config.json：需要 num_hidden_layers、hidden_size 和 num_attention_heads（或 n_layer、n_embd、n_head）</translation>
    </message>
    <message>
        <source>%1: not a JSON object (%2)</source>
        <translation>%1：不是 JSON 对象（%2）</translation>
    </message>
    <message>
        <source>config.json: %1</source>
        <translation>config.json：%1</translation>
    </message>
    <message>
        <source>%1 0: a model reads at least 1 token; leave the key out if its context is not known</source>
        <translation>%1 为 0：模型至少读取 1 个 token；若上下文长度未知，请省略该键</translation>
    </message>
</context>
<context>
    <name>ImportPlan</name>
    <message numerus="yes">
        <source>%n more GPU(s)</source>
        <translation>
            <numerusform>另外 %n 个 GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The file has empty cells where the catalogue has values: changing existing GPUs empties %n value(s): %1.</source>
        <translation>
            <numerusform>文件中有空单元格，而目录中有对应值：更改现有 GPU 将清空 %n 个值：%1。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LineChartWidget</name>
    <message>
        <source>Line chart</source>
        <translation>折线图</translation>
    </message>
    <message>
        <source>%1
%2: %3
%4: %5</source>
        <translation>%1
%2：%3
%4：%5</translation>
    </message>
</context>
<context>
    <name>LoadCurves</name>
    <message>
        <source>Latency under load: p90 against concurrent users</source>
        <translation>负载下的延迟：p90 随并发用户数的变化</translation>
    </message>
    <message>
        <source>Concurrent users</source>
        <translation>并发用户数</translation>
    </message>
    <message>
        <source>Time to first token, p90 (ms)</source>
        <translation>首 token 延迟，p90 (ms)</translation>
    </message>
    <message>
        <source>Time per output token, p90 (ms)</source>
        <translation>每个输出 token 的时间，p90 (ms)</translation>
    </message>
    <message>
        <source>%1 (does not fit)</source>
        <translation>%1（放不下）</translation>
    </message>
    <message>
        <source>target %1</source>
        <translation>目标 %1</translation>
    </message>
    <message>
        <source>%1. Each user sends the next request when the last one is answered; continuous batching simulated step by step at each user count. Dashed: the p90 targets.</source>
        <translation>%1。每个用户在上一个请求得到回答后发送下一个；在每个用户数下逐步模拟连续批处理。虚线：p90 目标。</translation>
    </message>
</context>
<context>
    <name>MachineGpus</name>
    <message>
        <source>cannot read %1</source>
        <translation>无法读取 %1</translation>
    </message>
    <message>
        <source>%1 lists no device at all</source>
        <translation>%1 中没有任何设备</translation>
    </message>
    <message numerus="yes">
        <source>the class of none of the %n device(s) in %1 can be read</source>
        <translation>
            <numerusform>%1 中 %n 个设备的类别都无法读取</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>GPU Compare</source>
        <translation>GPU Compare</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>比较(&amp;C)</translation>
    </message>
    <message>
        <source>C&amp;harts</source>
        <translation>图表(&amp;H)</translation>
    </message>
    <message>
        <source>C&amp;atalogue</source>
        <translation>目录(&amp;A)</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <source>Verdicts</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Show the Math</source>
        <translation>计算过程</translation>
    </message>
    <message>
        <source>&amp;Import Catalogue…</source>
        <translation>导入目录(&amp;I)…</translation>
    </message>
    <message>
        <source>E&amp;xport Catalogue…</source>
        <translation>导出目录(&amp;X)…</translation>
    </message>
    <message>
        <source>Export &amp;Chart…</source>
        <translation>导出图表(&amp;C)…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Ctrl+1</source>
        <translation>Ctrl+1</translation>
    </message>
    <message>
        <source>Ctrl+2</source>
        <translation>Ctrl+2</translation>
    </message>
    <message>
        <source>Ctrl+3</source>
        <translation>Ctrl+3</translation>
    </message>
    <message>
        <source>&amp;About GPU Compare</source>
        <translation>关于 GPU Compare(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>首选项(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>No catalogue: %1</source>
        <translation>没有目录：%1</translation>
    </message>
    <message>
        <source>Read-only: %1</source>
        <translation>只读：%1</translation>
    </message>
    <message>
        <source>Export Chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>The new language takes effect when GPU Compare restarts.</source>
        <translation>新语言将在 GPU Compare 重新启动后生效。</translation>
    </message>
    <message>
        <source>About GPU Compare</source>
        <translation>关于 GPU Compare</translation>
    </message>
    <message>
        <source>&lt;h3&gt;GPU Compare %1&lt;/h3&gt;&lt;p&gt;Choose GPUs for AI training and inference: memory fit, speed, cost and verdicts, each with its math and sources.&lt;/p&gt;&lt;p&gt;Licensed under the GNU General Public License, version 3 or later.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;GPU Compare %1&lt;/h3&gt;&lt;p&gt;为 AI 训练和推理挑选 GPU：显存容纳、速度、成本与结论，每一项都附有计算过程和来源。&lt;/p&gt;&lt;p&gt;依据 GNU 通用公共许可证第 3 版或更高版本授权。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Plan</source>
        <translation>规划(&amp;P)</translation>
    </message>
    <message>
        <source>Ctrl+4</source>
        <translation>Ctrl+4</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Open Ca&amp;talogue…</source>
        <translation>打开目录(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Open Scenario…</source>
        <translation>打开方案(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save Scenario</source>
        <translation>保存方案(&amp;S)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation>Ctrl+Shift+S</translation>
    </message>
    <message>
        <source>Save Scenario &amp;As…</source>
        <translation>方案另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Export Re&amp;port…</source>
        <translation>导出报告(&amp;P)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>Custom Model</source>
        <translation>自定义模型</translation>
    </message>
    <message>
        <source>Hugging Face model config (config.json *.json);;All files (*)</source>
        <translation>Hugging Face 模型配置 (config.json *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>&amp;Back Up Catalogue…</source>
        <translation>备份目录(&amp;B)…</translation>
    </message>
    <message>
        <source>Ctrl+,</source>
        <translation>Ctrl+,</translation>
    </message>
    <message>
        <source>No catalogue is open: %1 The file was not changed.</source>
        <translation>未打开目录：%1 文件未被更改。</translation>
    </message>
    <message>
        <source>Catalogue</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Add GPUs and &amp;Models from This Version…</source>
        <translation>添加此版本的 GPU 和模型(&amp;M)…</translation>
    </message>
    <message>
        <source>Saving %1…</source>
        <translation>正在保存 %1…</translation>
    </message>
    <message>
        <source>Ctrl+Alt+S</source>
        <translation>Ctrl+Alt+S</translation>
    </message>
    <message>
        <source>Catalogue edits saved.</source>
        <translation>目录编辑已保存。</translation>
    </message>
    <message>
        <source>No catalogue edits to save. Ctrl+Shift+S saves the scenario; Ctrl+Alt+S saves it as.</source>
        <translation>没有需要保存的目录编辑。Ctrl+Shift+S 保存场景；Ctrl+Alt+S 另存场景。</translation>
    </message>
    <message>
        <source>Reload Team Catalogue</source>
        <translation>重新读取团队目录</translation>
    </message>
    <message>
        <source>Read %1 again</source>
        <translation>已重新读取 %1</translation>
    </message>
    <message>
        <source>Open T&amp;eam Catalogue…</source>
        <translation>打开团队目录(&amp;E)…</translation>
    </message>
    <message>
        <source>team catalogue %1</source>
        <translation>团队目录 %1</translation>
    </message>
    <message>
        <source>Recent Team Cata&amp;logues</source>
        <translation>最近的团队目录(&amp;L)</translation>
    </message>
</context>
<context>
    <name>MathExpr</name>
    <message>
        <source>latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>tokens per second</source>
        <translation>每秒 token 数</translation>
    </message>
    <message>
        <source>$/GPU-hour</source>
        <translation>$/GPU 小时</translation>
    </message>
    <message>
        <source>budget hours</source>
        <translation>预算小时数</translation>
    </message>
    <message>
        <source>capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <source>fixed memory</source>
        <translation>固定显存</translation>
    </message>
    <message>
        <source>memory per sequence</source>
        <translation>每序列显存</translation>
    </message>
    <message>
        <source>requests in flight</source>
        <translation>并发请求数</translation>
    </message>
    <message>
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>peak TFLOPS</source>
        <translation>峰值 TFLOPS</translation>
    </message>
    <message>
        <source>bandwidth GB/s</source>
        <translation>带宽 GB/s</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>字节数</translation>
    </message>
    <message>
        <source>params</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>FLOPs per sample</source>
        <translation>每样本 FLOPs</translation>
    </message>
    <message>
        <source>layer overhead</source>
        <translation>每层开销</translation>
    </message>
    <message>
        <source>micro-batch tokens</source>
        <translation>微批 token 数</translation>
    </message>
    <message>
        <source>expert params</source>
        <translation>专家参数量</translation>
    </message>
    <message>
        <source>MoE layers</source>
        <translation>MoE 层数</translation>
    </message>
    <message>
        <source>weight bytes</source>
        <translation>权重字节数</translation>
    </message>
    <message>
        <source>KV bytes per token</source>
        <translation>每 token 的 KV 字节数</translation>
    </message>
    <message>
        <source>linear FLOPs</source>
        <translation>线性层 FLOPs</translation>
    </message>
    <message>
        <source>attention FLOPs</source>
        <translation>注意力 FLOPs</translation>
    </message>
    <message>
        <source>bits per weight</source>
        <translation>每权重位数</translation>
    </message>
    <message>
        <source>NF4 bits</source>
        <translation>NF4 位数</translation>
    </message>
    <message>
        <source>LoRA params</source>
        <translation>LoRA 参数量</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>token 数</translation>
    </message>
    <message>
        <source>micro-batch</source>
        <translation>微批大小</translation>
    </message>
    <message>
        <source>vocab</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>sliding window</source>
        <translation>滑动窗口</translation>
    </message>
    <message>
        <source>master bytes</source>
        <translation>主权重字节数</translation>
    </message>
    <message>
        <source>moment bytes</source>
        <translation>动量字节数</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>optimizer state</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>adapters</source>
        <translation>适配器</translation>
    </message>
    <message>
        <source>overhead</source>
        <translation>开销</translation>
    </message>
    <message>
        <source>active params</source>
        <translation>激活参数</translation>
    </message>
    <message>
        <source>global batch</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <source>bytes per weight</source>
        <translation>每权重字节数</translation>
    </message>
    <message>
        <source>bytes per FLOP</source>
        <translation>每 FLOP 字节数</translation>
    </message>
    <message>
        <source>passes</source>
        <translation>遍数</translation>
    </message>
    <message>
        <source>attention passes</source>
        <translation>注意力遍数</translation>
    </message>
    <message>
        <source>token budget</source>
        <translation>token 预算</translation>
    </message>
    <message>
        <source>16-bit peak TFLOPS</source>
        <translation>16 位峰值 TFLOPS</translation>
    </message>
    <message>
        <source>matmul time per micro-batch</source>
        <translation>每个微批次的矩阵乘时间</translation>
    </message>
    <message>
        <source>size factor</source>
        <translation>规模系数</translation>
    </message>
    <message>
        <source>optimizer bytes per parameter</source>
        <translation>每参数优化器字节数</translation>
    </message>
    <message>
        <source>expert-parallel share</source>
        <translation>专家并行份额</translation>
    </message>
    <message>
        <source>full-attention layers</source>
        <translation>全注意力层</translation>
    </message>
    <message>
        <source>local-attention layers</source>
        <translation>局部注意力层</translation>
    </message>
    <message>
        <source>bytes per expert param</source>
        <translation>每个专家参数的字节数</translation>
    </message>
    <message>
        <source>non-expert params</source>
        <translation>非专家参数</translation>
    </message>
    <message>
        <source>non-expert bits per weight</source>
        <translation>非专家参数每权重位数</translation>
    </message>
    <message>
        <source>SMs x clock x bytes per SM per clock</source>
        <translation>SM 数 x 时钟 x 每 SM 每时钟字节数</translation>
    </message>
    <message>
        <source>SMs x clock x FLOPs per SM per clock</source>
        <translation>SM 数 x 时钟 x 每 SM 每时钟 FLOPs</translation>
    </message>
    <message>
        <source>mean input (%1)</source>
        <translation>平均输入（%1）</translation>
    </message>
    <message>
        <source>mean output (%1)</source>
        <translation>平均输出（%1）</translation>
    </message>
    <message>
        <source>API server, tokenising, scheduling (profile)</source>
        <translation>API 服务器、分词、调度（配置）</translation>
    </message>
    <message>
        <source>mean running sequences</source>
        <translation>平均运行序列数</translation>
    </message>
    <message>
        <source>KV tokens read</source>
        <translation>读取的 KV token 数</translation>
    </message>
    <message>
        <source>matmul ms per token</source>
        <translation>每 token 矩阵乘毫秒数</translation>
    </message>
    <message>
        <source>attention ms per token pair</source>
        <translation>每 token 对注意力毫秒数</translation>
    </message>
    <message>
        <source>weights read ms</source>
        <translation>读取权重毫秒数</translation>
    </message>
    <message>
        <source>KV read ms per token</source>
        <translation>每 token KV 读取毫秒数</translation>
    </message>
    <message>
        <source>tensor-parallel all-reduces ms</source>
        <translation>张量并行 all-reduce 毫秒数</translation>
    </message>
    <message>
        <source>time outside the GPU</source>
        <translation>GPU 之外的时间</translation>
    </message>
    <message>
        <source>queue and prefill in the engine, p90 of the simulated requests</source>
        <translation>引擎内排队和预填充，模拟请求的 p90</translation>
    </message>
    <message>
        <source>engine step</source>
        <translation>引擎步</translation>
    </message>
    <message>
        <source>p90 of the simulated TPOT over the step (prefill chunks, batch)</source>
        <translation>模拟 TPOT 的 p90 与步时之比（预填充块、批次）</translation>
    </message>
    <message>
        <source>tokens made per replica</source>
        <translation>每副本生成的 token 数</translation>
    </message>
    <message>
        <source>seconds from the first request to the last token</source>
        <translation>从第一个请求到最后一个 token 的秒数</translation>
    </message>
    <message>
        <source>replicas serving</source>
        <translation>服务中的副本数</translation>
    </message>
    <message>
        <source>heaviest stage / even stage</source>
        <translation>最重阶段 / 均分阶段</translation>
    </message>
    <message>
        <source>nodes of the expert group</source>
        <translation>专家组的节点数</translation>
    </message>
    <message>
        <source>embedding and output-head params</source>
        <translation>嵌入和输出头参数</translation>
    </message>
    <message>
        <source>embedding bits (kept 16-bit)</source>
        <translation>嵌入位数（保持 16 位）</translation>
    </message>
    <message>
        <source>NF4 params</source>
        <translation>NF4 参数</translation>
    </message>
    <message>
        <source>dequantise bytes per weight</source>
        <translation>每权重反量化字节数</translation>
    </message>
    <message>
        <source>recurrent scan FLOPs</source>
        <translation>循环扫描 FLOPs</translation>
    </message>
    <message>
        <source>recurrent state bytes per sequence</source>
        <translation>每序列循环状态字节数</translation>
    </message>
    <message>
        <source>activation bytes per token, all blocks</source>
        <translation>每 token 激活字节数（所有块）</translation>
    </message>
    <message>
        <source>recurrent state</source>
        <translation>循环状态</translation>
    </message>
    <message>
        <source>busy fraction</source>
        <translation>繁忙比例</translation>
    </message>
    <message>
        <source>floor</source>
        <translation>底线</translation>
    </message>
    <message>
        <source>busy draw</source>
        <translation>繁忙功耗</translation>
    </message>
    <message>
        <source>launch price</source>
        <translation>首发价格</translation>
    </message>
    <message>
        <source>years</source>
        <translation>年数</translation>
    </message>
    <message>
        <source>hours a year</source>
        <translation>每年小时数</translation>
    </message>
    <message>
        <source>SMs x clock x attention FLOPs per SM per clock</source>
        <translation>SM 数 x 时钟 x 每 SM 每时钟注意力 FLOPs</translation>
    </message>
    <message>
        <source>MTP modules</source>
        <translation>MTP 模块</translation>
    </message>
    <message>
        <source>MTP params</source>
        <translation>MTP 参数</translation>
    </message>
    <message>
        <source>dropless imbalance</source>
        <translation>无丢弃路由不均衡度</translation>
    </message>
    <message>
        <source>expert size factor</source>
        <translation>专家规模系数</translation>
    </message>
    <message>
        <source>FP8 scaling bytes per value</source>
        <translation>FP8 缩放每值字节数</translation>
    </message>
    <message>
        <source>MTP active params</source>
        <translation>MTP 激活参数</translation>
    </message>
    <message>
        <source>t_moe_layer</source>
        <translation>t_moe_layer</translation>
    </message>
    <message>
        <source>absorbed MLA FLOPs per token pair</source>
        <translation>吸收式 MLA 每词元对 FLOPs</translation>
    </message>
    <message>
        <source>t_layer from a CUDA graph</source>
        <translation>CUDA 图回放的 t_layer</translation>
    </message>
    <message>
        <source>experts&apos; matmul ms per token</source>
        <translation>专家矩阵乘每词元毫秒数</translation>
    </message>
    <message>
        <source>expert tokens half</source>
        <translation>专家半速词元数</translation>
    </message>
    <message>
        <source>tokens per expert</source>
        <translation>每专家词元数</translation>
    </message>
    <message>
        <source>layers replayed from a CUDA graph ms</source>
        <translation>CUDA 图回放各层毫秒数</translation>
    </message>
    <message>
        <source>layers&apos; kernels launched one by one ms</source>
        <translation>各层内核逐个启动毫秒数</translation>
    </message>
    <message>
        <source>host ms per step (scheduling, sampling)</source>
        <translation>主机每步毫秒数（调度、采样）</translation>
    </message>
    <message>
        <source>host ms per sequence per step</source>
        <translation>主机每序列每步毫秒数</translation>
    </message>
    <message>
        <source>NVFP4 weight copies bits</source>
        <translation>NVFP4 权重副本位数</translation>
    </message>
    <message>
        <source>matmul share kept in BF16</source>
        <translation>保留为 BF16 的矩阵乘比例</translation>
    </message>
    <message>
        <source>cast values per matmul FLOP</source>
        <translation>每矩阵乘 FLOP 的转换值数</translation>
    </message>
    <message>
        <source>amax pass bytes per value</source>
        <translation>amax 遍历每值字节数</translation>
    </message>
    <message>
        <source>post-Hadamard amax bytes per value</source>
        <translation>Hadamard 后 amax 每值字节数</translation>
    </message>
    <message>
        <source>NVFP4 scale bytes per value</source>
        <translation>NVFP4 缩放因子每值字节数</translation>
    </message>
    <message>
        <source>Hadamard FLOPs per cast value</source>
        <translation>每个转换值的 Hadamard FLOP</translation>
    </message>
</context>
<context>
    <name>MathPanel</name>
    <message>
        <source>Show the math</source>
        <translation>计算过程</translation>
    </message>
    <message>
        <source>Selected number</source>
        <translation>所选数值</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy the calculation as text</source>
        <translation>将计算过程复制为文本</translation>
    </message>
    <message>
        <source>Copy the calculation</source>
        <translation>复制计算过程</translation>
    </message>
    <message>
        <source>Calculation terms</source>
        <translation>计算步骤</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Select a number to see how it was calculated.</source>
        <translation>选择一个数值，查看它是如何算出来的。</translation>
    </message>
    <message>
        <source>  80% range %1</source>
        <translation>  80% 区间 %1</translation>
    </message>
    <message>
        <source>80% range %1</source>
        <translation>80% 区间 %1</translation>
    </message>
</context>
<context>
    <name>MathTerm</name>
    <message>
        <source>peak compute used</source>
        <translation>所用峰值算力</translation>
    </message>
    <message>
        <source>parallelism</source>
        <translation>并行方式</translation>
    </message>
    <message>
        <source>fewest GPUs that fit</source>
        <translation>能放下的最少 GPU 数</translation>
    </message>
    <message>
        <source>largest batch that fits</source>
        <translation>能放下的最大批大小</translation>
    </message>
    <message>
        <source>longest context that fits</source>
        <translation>能放下的最长上下文</translation>
    </message>
    <message>
        <source>training FLOPs per GPU per step</source>
        <translation>每步单卡训练 FLOPs</translation>
    </message>
    <message>
        <source>optimizer update</source>
        <translation>优化器更新</translation>
    </message>
    <message>
        <source>step time</source>
        <translation>步时间</translation>
    </message>
    <message>
        <source>training tokens per second (all GPUs)</source>
        <translation>每秒训练 token 数（全部 GPU）</translation>
    </message>
    <message>
        <source>training samples per second (all GPUs)</source>
        <translation>每秒训练样本数（全部 GPU）</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>GPU-hours for the token budget</source>
        <translation>完成 token 预算所需 GPU 小时</translation>
    </message>
    <message>
        <source>power (all GPUs)</source>
        <translation>功率（全部 GPU）</translation>
    </message>
    <message>
        <source>energy per token</source>
        <translation>每 token 能耗</translation>
    </message>
    <message>
        <source>electricity per million tokens</source>
        <translation>每百万 token 电费</translation>
    </message>
    <message>
        <source>forward time per batch</source>
        <translation>每批前向时间</translation>
    </message>
    <message>
        <source>samples per second (all GPUs)</source>
        <translation>每秒样本数（全部 GPU）</translation>
    </message>
    <message>
        <source>prefill FLOPs per GPU</source>
        <translation>单卡预填充 FLOPs</translation>
    </message>
    <message>
        <source>prefill compute time</source>
        <translation>预填充计算时间</translation>
    </message>
    <message>
        <source>prefill memory time</source>
        <translation>预填充访存时间</translation>
    </message>
    <message>
        <source>time to first token</source>
        <translation>首 token 延迟</translation>
    </message>
    <message>
        <source>prefill tokens per second (all GPUs)</source>
        <translation>每秒预填充 token 数（全部 GPU）</translation>
    </message>
    <message>
        <source>decode bytes read per step per GPU</source>
        <translation>解码每步单卡读取字节数</translation>
    </message>
    <message>
        <source>decode memory time</source>
        <translation>解码访存时间</translation>
    </message>
    <message>
        <source>decode compute time</source>
        <translation>解码计算时间</translation>
    </message>
    <message>
        <source>time per output token</source>
        <translation>每个输出 token 的时间</translation>
    </message>
    <message>
        <source>decode tokens per second (all GPUs)</source>
        <translation>每秒解码 token 数（全部 GPU）</translation>
    </message>
    <message>
        <source>end-to-end throughput (all GPUs)</source>
        <translation>端到端吞吐量（全部 GPU）</translation>
    </message>
    <message>
        <source>weights per GPU</source>
        <translation>单卡权重</translation>
    </message>
    <message>
        <source>KV cache per GPU (MLA)</source>
        <translation>单卡 KV 缓存 (MLA)</translation>
    </message>
    <message>
        <source>KV cache per GPU</source>
        <translation>单卡 KV 缓存</translation>
    </message>
    <message>
        <source>activations per GPU (live buffers)</source>
        <translation>单卡激活（活动缓冲区）</translation>
    </message>
    <message>
        <source>activations per GPU (training, recompute full)</source>
        <translation>单卡激活（训练，完全重计算）</translation>
    </message>
    <message>
        <source>activations per GPU (training, recompute selective)</source>
        <translation>单卡激活（训练，选择性重计算）</translation>
    </message>
    <message>
        <source>activations per GPU (training, recompute none)</source>
        <translation>单卡激活（训练，不重计算）</translation>
    </message>
    <message>
        <source>gradients per GPU</source>
        <translation>单卡梯度</translation>
    </message>
    <message>
        <source>optimizer state per GPU</source>
        <translation>单卡优化器状态</translation>
    </message>
    <message>
        <source>LoRA adapters per GPU</source>
        <translation>单卡 LoRA 适配器</translation>
    </message>
    <message>
        <source>framework overhead per GPU</source>
        <translation>单卡框架开销</translation>
    </message>
    <message>
        <source>memory per GPU</source>
        <translation>单卡显存</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>batch per replica</source>
        <translation>每副本批大小</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>序列</translation>
    </message>
    <message>
        <source>micro-batches per step</source>
        <translation>每步微批数</translation>
    </message>
    <message>
        <source>micro-batches</source>
        <translation>微批</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation>样本/s</translation>
    </message>
    <message>
        <source>prefill tensor-parallel all-reduces</source>
        <translation>预填充张量并行全归约</translation>
    </message>
    <message>
        <source>prefill pipeline transfers</source>
        <translation>预填充流水线传输</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>token/s</translation>
    </message>
    <message>
        <source>decode tensor-parallel all-reduces per token</source>
        <translation>每 token 解码张量并行全归约</translation>
    </message>
    <message>
        <source>decode pipeline transfers per token</source>
        <translation>每 token 解码流水线传输</translation>
    </message>
    <message>
        <source>fraction of peak</source>
        <translation>占峰值比例</translation>
    </message>
    <message>
        <source>time for the token budget</source>
        <translation>完成 token 预算所需时间</translation>
    </message>
    <message>
        <source>compute time per step (model FLOPs)</source>
        <translation>每步计算时间（模型 FLOPs）</translation>
    </message>
    <message>
        <source>pipeline bubble per step</source>
        <translation>每步流水线气泡</translation>
    </message>
    <message>
        <source>exposed tensor, context, expert and pipeline communication per step</source>
        <translation>每步暴露的张量、上下文、专家和流水线通信</translation>
    </message>
    <message>
        <source>exposed data-parallel communication per step</source>
        <translation>每步暴露的数据并行通信</translation>
    </message>
    <message>
        <source>HFU</source>
        <translation>HFU</translation>
    </message>
    <message>
        <source>recomputation time per step</source>
        <translation>每步重计算时间</translation>
    </message>
    <message>
        <source>mean request under load (input + output)</source>
        <translation>负载下的平均请求（输入 + 输出）</translation>
    </message>
    <message>
        <source>time outside the GPU per request</source>
        <translation>每请求在 GPU 之外的时间</translation>
    </message>
    <message>
        <source>engine step at the mean running batch</source>
        <translation>平均运行批次下的引擎步时</translation>
    </message>
    <message>
        <source>TTFT p90 under load</source>
        <translation>负载下 TTFT p90</translation>
    </message>
    <message>
        <source>TPOT p90 under load</source>
        <translation>负载下 TPOT p90</translation>
    </message>
    <message>
        <source>output tokens per second under load (all GPUs)</source>
        <translation>负载下每秒输出 token 数（所有 GPU）</translation>
    </message>
    <message>
        <source>GPU cost per million tokens</source>
        <translation>每百万令牌的 GPU 成本</translation>
    </message>
    <message>
        <source>GPU cost for the token budget</source>
        <translation>令牌预算的 GPU 成本</translation>
    </message>
    <message>
        <source>owned cost per GPU-hour</source>
        <translation>每 GPU 小时的自有成本</translation>
    </message>
</context>
<context>
    <name>MeasuredEstimates</name>
    <message>
        <source>MLPerf %1</source>
        <translation>MLPerf %1</translation>
    </message>
    <message>
        <source>server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>offline</source>
        <translation>离线</translation>
    </message>
    <message>
        <source>MLPerf training</source>
        <translation>MLPerf 训练</translation>
    </message>
    <message>
        <source>prefill</source>
        <translation>预填充</translation>
    </message>
    <message>
        <source>decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <source>first token</source>
        <translation>首 token</translation>
    </message>
    <message>
        <source>single stream</source>
        <translation>单流</translation>
    </message>
    <message>
        <source>time to train</source>
        <translation>训练用时</translation>
    </message>
    <message>
        <source>training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>matmul</source>
        <translation>矩阵乘</translation>
    </message>
    <message>
        <source>serving</source>
        <translation>服务</translation>
    </message>
    <message>
        <source>throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>%1-token prompt</source>
        <translation>%1 token 提示</translation>
    </message>
    <message>
        <source>%1 tokens out</source>
        <translation>输出 %1 token</translation>
    </message>
    <message>
        <source>%1 in / %2 out</source>
        <translation>输入 %1 / 输出 %2</translation>
    </message>
    <message>
        <source>%1 in</source>
        <translation>输入 %1</translation>
    </message>
    <message>
        <source>dataset lengths</source>
        <translation>数据集长度</translation>
    </message>
    <message numerus="yes">
        <source>%n user(s)</source>
        <translation>
            <numerusform>%n 个用户</numerusform>
        </translation>
    </message>
    <message>
        <source>batch %1</source>
        <translation>批大小 %1</translation>
    </message>
    <message>
        <source>batch max</source>
        <translation>最大批</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>the estimator cannot describe this run</source>
        <translation>估算器无法描述这次运行</translation>
    </message>
    <message>
        <source>the estimator gives no number for this run (its profile %1 is missing)</source>
        <translation>估算器对这次运行没有给出数字（缺少其配置档 %1）</translation>
    </message>
    <message>
        <source>%1% below the estimate</source>
        <translation>比估算低 %1%</translation>
    </message>
    <message>
        <source>%1% above the estimate</source>
        <translation>比估算高 %1%</translation>
    </message>
    <message>
        <source>Measured %1, beyond %2× the typical error of %3 estimates (%4%).</source>
        <translation>实测值%1，超出 %3 估算典型误差（%4%）的 %2 倍。</translation>
    </message>
    <message>
        <source>No other GPU was measured under these conditions: either the measurement or the estimate may be wrong.</source>
        <translation>没有其他 GPU 在这些条件下测量过：可能是测量有误，也可能是估算有误。</translation>
    </message>
    <message numerus="yes">
        <source>Doubt the measurement: the same run on %n other GPU(s) is within %1% of its estimate (median), so this value is the odd one (a slow build or setting, or a typo in the source).</source>
        <translation>
            <numerusform>怀疑测量值：同一运行在另外 %n 块 GPU 上与估算相差在 %1% 以内（中位数），所以这个值是异常的（构建或设置较慢，或来源有笔误）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Doubt the estimate: the same run on %n other GPU(s) is %1% off its estimate too (median), so the estimator misses something under these conditions.</source>
        <translation>
            <numerusform>怀疑估算值：同一运行在另外 %n 块 GPU 上与估算也相差 %1%（中位数），说明估算器在这些条件下遗漏了某些因素。</numerusform>
        </translation>
    </message>
    <message>
        <source>Lambda training</source>
        <translation>Lambda 训练</translation>
    </message>
    <message>
        <source>MLPerf Inference offline</source>
        <translation>MLPerf Inference 离线</translation>
    </message>
    <message>
        <source>TensorRT-LLM offline</source>
        <translation>TensorRT-LLM 离线</translation>
    </message>
    <message>
        <source>llama.cpp decode</source>
        <translation>llama.cpp 解码</translation>
    </message>
    <message>
        <source>llama.cpp prefill</source>
        <translation>llama.cpp 预填充</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 块 GPU</translation>
    </message>
    <message>
        <source>%1-token sequences</source>
        <translation>%1 token 的序列</translation>
    </message>
    <message>
        <source>global batch %1</source>
        <translation>全局批大小 %1</translation>
    </message>
    <message>
        <source>your %1 %2: %3</source>
        <translation>您的 %1 %2：%3</translation>
    </message>
</context>
<context>
    <name>MeasuredRunBounds</name>
    <message>
        <source>the %1 is %2, above the %3 a real run can have (not a measurement)</source>
        <translation>%1 为 %2，超过真实运行可能达到的 %3（不是测量值）</translation>
    </message>
</context>
<context>
    <name>MeasurementConditionsDialog</name>
    <message>
        <source>Import Measurements</source>
        <translation>导入测量结果</translation>
    </message>
    <message>
        <source>%1 does not say everything the estimate beside it needs. Under which conditions were these runs measured?</source>
        <translation>%1 未给出估算所需的全部条件。这些运行是在什么条件下测量的？</translation>
    </message>
    <message>
        <source>&amp;GPU:</source>
        <translation>GPU(&amp;G)：</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <source>GPU &amp;count:</source>
        <translation>GPU 数量(&amp;C)：</translation>
    </message>
    <message>
        <source>As the file says (none when it names no engine)</source>
        <translation>按文件所述（文件未指明引擎时为无）</translation>
    </message>
    <message>
        <source>&amp;Profile:</source>
        <translation>配置(&amp;P)：</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
</context>
<context>
    <name>MeasurementImport</name>
    <message>
        <source>close: %1</source>
        <translation>相近：%1</translation>
    </message>
    <message>
        <source>%1, record %2</source>
        <translation>%1，第 %2 条记录</translation>
    </message>
    <message>
        <source>missing %1 for %2: neither the file nor an option gives it</source>
        <translation>%2 缺少 %1：文件和选项都没有给出</translation>
    </message>
    <message>
        <source>unknown GPU &apos;%1&apos; for --gpu</source>
        <translation>--gpu 的 GPU“%1”未知</translation>
    </message>
    <message>
        <source>unknown model preset &apos;%1&apos; for --model</source>
        <translation>--model 的模型预设“%1”未知</translation>
    </message>
    <message>
        <source>unknown profile &apos;%1&apos; for --profile (profiles: %2)</source>
        <translation>--profile 的配置文件“%1”未知（可用配置文件：%2）</translation>
    </message>
    <message>
        <source>--gpus and --tp must be whole numbers of at least 1</source>
        <translation>--gpus 和 --tp 必须是至少为 1 的整数</translation>
    </message>
    <message>
        <source>%1 is given twice (the same bytes as another file of this import)</source>
        <translation>%1 重复给出（与本次导入的另一个文件内容相同）</translation>
    </message>
    <message>
        <source>%1: the GPU &apos;%2&apos; is not one of the catalogue&apos;s; give --gpu ID</source>
        <translation>%1：GPU“%2”不在目录中；请用 --gpu ID 指定</translation>
    </message>
    <message>
        <source>%1: the file says GPU %2, --gpu says %3</source>
        <translation>%1：文件写的是 GPU %2，--gpu 给的是 %3</translation>
    </message>
    <message>
        <source>%1: the model &apos;%2&apos; matches no preset; give --model ID</source>
        <translation>%1：模型“%2”不匹配任何预设；请用 --model ID 指定</translation>
    </message>
    <message>
        <source>%1: the file says %2 GPUs, --gpus says %3</source>
        <translation>%1：文件写的是 %2 个 GPU，--gpus 给的是 %3</translation>
    </message>
    <message>
        <source>%1: the file says tensor parallel %2, --tp says %3</source>
        <translation>%1：文件写的张量并行为 %2，--tp 给的是 %3</translation>
    </message>
    <message>
        <source>%1: tensor parallel %2 needs at least %2 GPUs, the run has %3</source>
        <translation>%1：张量并行 %2 至少需要 %2 个 GPU，该运行只有 %3 个</translation>
    </message>
    <message>
        <source>%1: the file names model &apos;%2&apos;; --model %3 taken</source>
        <translation>%1：文件中的模型为“%2”；采用 --model %3</translation>
    </message>
    <message>
        <source>%1: the file names model &apos;%2&apos; (preset %3); --model %4 taken</source>
        <translation>%1：文件中的模型为“%2”（预设 %3）；采用 --model %4</translation>
    </message>
    <message>
        <source>%1: the file says precision %2, --precision says %3</source>
        <translation>%1：文件给出的精度为 %2，--precision 为 %3</translation>
    </message>
</context>
<context>
    <name>MeasurementRepository</name>
    <message>
        <source>%1 was already imported on %2 (as %3, import %4)</source>
        <translation>%1 已于 %2 导入过（作为 %3，导入编号 %4）</translation>
    </message>
    <message>
        <source>%1 is the same file as another of this import</source>
        <translation>%1 与本次导入的另一个文件相同</translation>
    </message>
    <message>
        <source>no measurement import with id %1 (see measurements list)</source>
        <translation>没有编号为 %1 的测量导入（见 measurements list）</translation>
    </message>
</context>
<context>
    <name>MeasurementsController</name>
    <message>
        <source>Import Measurements</source>
        <translation>导入测量结果</translation>
    </message>
    <message>
        <source>Benchmark results (*.json *.jsonl *.csv);;All files (*)</source>
        <translation>基准测试结果 (*.json *.jsonl *.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Nothing was imported: %1 needs the conditions it does not state.</source>
        <translation>未导入任何内容：%1 缺少其未说明的条件。</translation>
    </message>
    <message>
        <source>Nothing was imported: %1</source>
        <translation>未导入任何内容：%1</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n run(s) from %1</source>
        <translation>
            <numerusform>已从 %1 导入 %n 个运行</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MeasurementsView</name>
    <message>
        <source>Import…</source>
        <translation>导入…</translation>
    </message>
    <message>
        <source>Remove File</source>
        <translation>移除文件</translation>
    </message>
    <message>
        <source>&lt;b&gt;Your measurements&lt;/b&gt; — drop result files here: vllm bench serve JSON, SGLang bench_serving JSONL, AIPerf/GenAI-Perf export, llama-bench JSON or CSV, or the CSV template. Compare shows them beside the estimate; &lt;tt&gt;gpucompare calibrate&lt;/tt&gt; fits a profile on them.</source>
        <translation>&lt;b&gt;您的测量结果&lt;/b&gt;——将结果文件拖放到此处：vllm bench serve JSON、SGLang bench_serving JSONL、AIPerf/GenAI-Perf 导出、llama-bench JSON 或 CSV，或 CSV 模板。“比较”页会把它们与估算并列显示；&lt;tt&gt;gpucompare calibrate&lt;/tt&gt; 可据此拟合一个配置。</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Imported</source>
        <translation>导入时间</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
</context>
<context>
    <name>MessageText</name>
    <message numerus="yes">
        <source>and %n more problem(s)</source>
        <translation>
            <numerusform>另有 %n 个问题</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MissingSpecs</name>
    <message>
        <source>memory size</source>
        <translation>显存容量</translation>
    </message>
    <message>
        <source>memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>%1 compute rate</source>
        <translation>%1 算力</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1 和 %2</translation>
    </message>
    <message>
        <source>needs %1</source>
        <translation>需要%1</translation>
    </message>
    <message>
        <source>board power (TDP)</source>
        <translation>板卡功耗（TDP）</translation>
    </message>
</context>
<context>
    <name>ModelSpecCheck</name>
    <message>
        <source>%1 %2: allowed %3 to %4</source>
        <translation>%1 %2：允许范围 %3 至 %4</translation>
    </message>
    <message>
        <source>sliding_window %1 and attention_chunk_size %2: give one of them</source>
        <translation>sliding_window %1 和 attention_chunk_size %2：只能给出其中一个</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: a precision name such as mxfp4 or bf16</source>
        <translation>%1“%2”：应为精度名称，例如 mxfp4 或 bf16</translation>
    </message>
    <message>
        <source>num_experts_per_tok %1: needs num_local_experts (the experts to choose from)</source>
        <translation>num_experts_per_tok %1：需要 num_local_experts（可供选择的专家）</translation>
    </message>
    <message>
        <source>hybrid_override_pattern &apos;%1&apos;: %2</source>
        <translation>hybrid_override_pattern &apos;%1&apos;：%2</translation>
    </message>
    <message>
        <source>one character per block: * attention, M Mamba-2, G Gated DeltaNet, E MoE, - MLP</source>
        <translation>每个块一个字符：* 注意力，M Mamba-2，G Gated DeltaNet，E MoE，- MLP</translation>
    </message>
    <message>
        <source>two blocks per layer are a mixer (*, M, G) and an MLP (E, -)</source>
        <translation>每层两个块时应为一个混合器（*、M、G）和一个 MLP（E、-）</translation>
    </message>
    <message>
        <source>%1 blocks for num_hidden_layers %2: one or two per layer</source>
        <translation>%1 个块对应 num_hidden_layers %2：每层应为一个或两个块</translation>
    </message>
    <message>
        <source>M and G layers need mamba_num_heads, mamba_head_dim, ssm_state_size and n_groups</source>
        <translation>M 和 G 层需要 mamba_num_heads、mamba_head_dim、ssm_state_size 和 n_groups</translation>
    </message>
    <message>
        <source>E layers need num_local_experts</source>
        <translation>E 层需要 num_local_experts</translation>
    </message>
</context>
<context>
    <name>PairRanges</name>
    <message>
        <source>%1x</source>
        <translation>%1x</translation>
    </message>
    <message>
        <source>no range: %1</source>
        <translation>无范围：%1</translation>
    </message>
    <message>
        <source>%1-%2x, 80%</source>
        <translation>%1-%2x，80%</translation>
    </message>
    <message>
        <source>no calibration of this number</source>
        <translation>此数值没有校准</translation>
    </message>
    <message>
        <source>the two GPUs run different profiles</source>
        <translation>两个 GPU 使用不同的效率配置</translation>
    </message>
    <message>
        <source>fewer than %1 measured GPU pairs of %2&apos;s %3</source>
        <translation>%2 的%3实测 GPU 对少于 %1 个</translation>
    </message>
    <message numerus="yes">
        <source>%1 %2, %n GPU pair(s), leave-one-GPU-out</source>
        <translation>
            <numerusform>%1 %2，%n 个 GPU 对，留一 GPU 验证</numerusform>
        </translation>
    </message>
    <message>
        <source>every engine&apos;s</source>
        <translation>所有引擎的</translation>
    </message>
</context>
<context>
    <name>ParetoChartWidget</name>
    <message>
        <source>Cost against latency</source>
        <translation>成本与延迟</translation>
    </message>
</context>
<context>
    <name>PdfReportWriter</name>
    <message>
        <source>%1: </source>
        <translation>%1：</translation>
    </message>
    <message>
        <source>GPU Compare %1 · %2 · page %3 of %4</source>
        <translation>GPU Compare %1 · %2 · 第 %3 页，共 %4 页</translation>
    </message>
    <message>
        <source>GPU Compare %1</source>
        <translation>GPU Compare %1</translation>
    </message>
</context>
<context>
    <name>PlanController</name>
    <message>
        <source>Pick one GPU or more on the left, or consider the whole catalogue.</source>
        <translation>在左侧选择一个或多个 GPU，或考虑整个目录。</translation>
    </message>
    <message>
        <source>Loaded %1: %2, %3</source>
        <translation>已载入 %1：%2，%3</translation>
    </message>
</context>
<context>
    <name>PlanInputs</name>
    <message>
        <source>The &amp;picked GPUs</source>
        <translation>已选的 GPU(&amp;P)</translation>
    </message>
    <message>
        <source>The whole cata&amp;logue</source>
        <translation>整个目录(&amp;L)</translation>
    </message>
    <message>
        <source>Re&amp;set prices</source>
        <translation>重置价格(&amp;S)</translation>
    </message>
    <message>
        <source>Let the plan store the weights in %1</source>
        <translation>允许规划以 %1 存储权重</translation>
    </message>
    <message>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <source>Training: the run must end within this time</source>
        <translation>训练：运行必须在此时间内结束</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>The most GPUs of one type a configuration may use</source>
        <translation>一种配置最多可用的同型号 GPU 数</translation>
    </message>
    <message>
        <source>Prices per GPU-hour</source>
        <translation>每 GPU 小时价格</translation>
    </message>
    <message>
        <source>Use the catalogue&apos;s prices again</source>
        <translation>重新使用目录中的价格</translation>
    </message>
    <message>
        <source>Consider:</source>
        <translation>考虑：</translation>
    </message>
    <message>
        <source>Weights:</source>
        <translation>权重：</translation>
    </message>
    <message>
        <source>&amp;Deadline:</source>
        <translation>期限(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;Most GPUs:</source>
        <translation>最多 GPU 数(&amp;M)：</translation>
    </message>
    <message>
        <source>P&amp;rices ($ per GPU-hour):</source>
        <translation>价格（每 GPU 小时 $）(&amp;R)：</translation>
    </message>
    <message>
        <source>The &amp;picked GPUs (%1)</source>
        <translation>已选的 GPU（%1）(&amp;P)</translation>
    </message>
    <message>
        <source>The whole cata&amp;logue (%1)</source>
        <translation>整个目录（%1）(&amp;L)</translation>
    </message>
</context>
<context>
    <name>PlanPresenter</name>
    <message>
        <source>inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>full training</source>
        <translation>全量训练</translation>
    </message>
    <message>
        <source>LoRA fine-tune</source>
        <translation>LoRA 微调</translation>
    </message>
    <message>
        <source>QLoRA fine-tune</source>
        <translation>QLoRA 微调</translation>
    </message>
    <message>
        <source>no model</source>
        <translation>无模型</translation>
    </message>
    <message>
        <source>no configuration meets the target</source>
        <translation>没有配置能达到目标</translation>
    </message>
    <message>
        <source>not searched yet</source>
        <translation>尚未搜索</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>%1: %2 · %3</source>
        <translation>%1：%2 · %3</translation>
    </message>
    <message>
        <source>meets the target</source>
        <translation>达到目标</translation>
    </message>
    <message>
        <source>misses the target</source>
        <translation>未达到目标</translation>
    </message>
    <message>
        <source>%1
%2 days · $%3 for the run · MFU %4% · %5</source>
        <translation>%1
%2 天 · 整个运行 $%3 · MFU %4% · %5</translation>
    </message>
    <message>
        <source>%1
TTFT p90 %2 ms · TPOT p90 %3 ms · $%4 / hour · %5</source>
        <translation>%1
TTFT p90 %2 ms · TPOT p90 %3 ms · $%4 / 小时 · %5</translation>
    </message>
    <message>
        <source>Time to train (days, log scale)</source>
        <translation>训练时间（天，对数刻度）</translation>
    </message>
    <message>
        <source>Run cost ($, log scale)</source>
        <translation>运行成本（$，对数刻度）</translation>
    </message>
    <message>
        <source>deadline %1 days</source>
        <translation>期限 %1 天</translation>
    </message>
    <message>
        <source>TTFT p90 (ms, log scale)</source>
        <translation>TTFT p90（ms，对数刻度）</translation>
    </message>
    <message>
        <source>Cost ($ / hour, log scale)</source>
        <translation>成本（$ / 小时，对数刻度）</translation>
    </message>
    <message>
        <source>target %1 ms</source>
        <translation>目标 %1 ms</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <source>Misses the target</source>
        <translation>未达到目标</translation>
    </message>
    <message>
        <source>The configurations tried appear here as the search goes</source>
        <translation>搜索过程中尝试的配置会显示在这里</translation>
    </message>
    <message>
        <source>No configuration fits with a price</source>
        <translation>没有带价格且放得下的配置</translation>
    </message>
    <message>
        <source>Run cost against time to train: %1 configurations that fit</source>
        <translation>运行成本与训练时间：%1 个放得下的配置</translation>
    </message>
    <message>
        <source>Cost per hour against TTFT p90: %1 configurations that fit</source>
        <translation>每小时成本与 TTFT p90：%1 个放得下的配置</translation>
    </message>
    <message>
        <source>Training %1 (%2) on %3 B tokens of %4-token sequences, within %5 days</source>
        <translation>训练 %1（%2），%3 B token，序列长 %4 token，%5 天内完成</translation>
    </message>
    <message>
        <source>; global batch %1 sequences at every GPU count</source>
        <translation>；各 GPU 数下全局批大小均为 %1 个序列</translation>
    </message>
    <message>
        <source>, on at most %1 GPUs of a type</source>
        <translation>，每种 GPU 最多 %1 个</translation>
    </message>
    <message>
        <source>Set a deadline in days: the plan finds the cheapest configuration that ends by then.</source>
        <translation>请设置以天计的期限：规划会找出在此之前完成的最便宜配置。</translation>
    </message>
    <message>
        <source>%1 in / %2 out</source>
        <translation>输入 %1 / 输出 %2</translation>
    </message>
    <message>
        <source>to %1 users</source>
        <translation>面向 %1 个用户</translation>
    </message>
    <message>
        <source>at %1 requests/s</source>
        <translation>每秒 %1 个请求</translation>
    </message>
    <message>
        <source>TTFT p90 ≤ %1 ms</source>
        <translation>TTFT p90 ≤ %1 ms</translation>
    </message>
    <message>
        <source>TPOT p90 ≤ %1 ms</source>
        <translation>TPOT p90 ≤ %1 ms</translation>
    </message>
    <message>
        <source>Serving %1, %2, with no traffic</source>
        <translation>部署 %1，%2，没有负载</translation>
    </message>
    <message>
        <source>Set Concurrent users or Requests / s in the workload form, and a TTFT p90 or TPOT p90 target: the plan finds the cheapest configuration that serves that traffic within them.</source>
        <translation>请在工作负载表单中设置并发用户或请求 / 秒，以及 TTFT p90 或 TPOT p90 目标：规划会找出在目标内承载该负载的最便宜配置。</translation>
    </message>
    <message>
        <source>Serving %1 %2, %3, with no latency target</source>
        <translation>部署 %1 %2，%3，没有延迟目标</translation>
    </message>
    <message>
        <source>Set a TTFT p90 or TPOT p90 target in the workload form: the plan finds the cheapest configuration that meets it.</source>
        <translation>请在工作负载表单中设置 TTFT p90 或 TPOT p90 目标：规划会找出达到它的最便宜配置。</translation>
    </message>
    <message>
        <source>Serving %1 %2, %3; targets %4</source>
        <translation>部署 %1 %2，%3；目标 %4</translation>
    </message>
    <message>
        <source>no price: %1</source>
        <translation>无价格：%1</translation>
    </message>
    <message>
        <source>nothing fits: %1</source>
        <translation>无配置可容纳：%1</translation>
    </message>
    <message>
        <source>Not on the chart (%1)</source>
        <translation>未在图中（%1）</translation>
    </message>
</context>
<context>
    <name>PlanPriceModel</name>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>The catalogue&apos;s price; double-click to change it for this plan</source>
        <translation>目录中的价格；双击可为本次规划修改</translation>
    </message>
    <message>
        <source>Changed for this plan; the catalogue&apos;s is $%1</source>
        <translation>已为本次规划修改；目录中为 $%1</translation>
    </message>
    <message>
        <source>Changed for this plan; the catalogue has none</source>
        <translation>已为本次规划修改；目录中没有价格</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>$ / h</source>
        <translation>$ / 小时</translation>
    </message>
</context>
<context>
    <name>PlanSearch</name>
    <message>
        <source>does not fit: %1 GB per GPU at best (tp %2 × pp %3) on %4 GB</source>
        <translation>放不下：最好情况下单卡 %1 GB（tp %2 × pp %3），容量 %4 GB</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>TTFT p90 %1 ms (target %2)</source>
        <translation>TTFT p90 %1 ms（目标 %2）</translation>
    </message>
    <message>
        <source>TPOT p90 %1 ms (target %2)</source>
        <translation>TPOT p90 %1 ms（目标 %2）</translation>
    </message>
    <message>
        <source>needs more than %1 GPUs: at %1 (tp %2) %3</source>
        <translation>需要超过 %1 个 GPU：%1 个时（tp %2）%3</translation>
    </message>
    <message>
        <source>even at one user per replica (tp %1): %2</source>
        <translation>即使每个副本一个用户（tp %1）：%2</translation>
    </message>
    <message>
        <source>even at the lightest load, %1 replicas (tp %2): %3</source>
        <translation>即使在最轻负载下，%1 个副本（tp %2）：%3</translation>
    </message>
    <message>
        <source>needs more than %1 GPUs: the fastest tried, %2 GPUs, takes %3 days (deadline %4)</source>
        <translation>需要超过 %1 个 GPU：尝试过的最快配置（%2 个 GPU）需要 %3 天（期限 %4）</translation>
    </message>
    <message>
        <source>does not fit: %1 GB per GPU at best (%2 GPUs) on %3 GB</source>
        <translation>放不下：最好情况下单卡 %1 GB（%2 个 GPU），容量 %3 GB</translation>
    </message>
    <message>
        <source>cannot finish in %1 days on %2 GPUs even at the GPU&apos;s peak rate</source>
        <translation>即使以 GPU 峰值速率，%2 个 GPU 也无法在 %1 天内完成</translation>
    </message>
    <message>
        <source>%1: the catalogue gives no NICs for it; between systems the default network per GPU is assumed</source>
        <translation>%1：目录中没有其网卡数据；系统之间按默认的每 GPU 网络计算</translation>
    </message>
</context>
<context>
    <name>PlanTab</name>
    <message>
        <source>Ca&amp;ncel</source>
        <translation>取消(&amp;N)</translation>
    </message>
    <message>
        <source>Search progress</source>
        <translation>搜索进度</translation>
    </message>
    <message>
        <source>Stop the search; the GPU types done so far stay</source>
        <translation>停止搜索；已完成的 GPU 型号保留</translation>
    </message>
    <message>
        <source>Plan per GPU type</source>
        <translation>各 GPU 型号的规划</translation>
    </message>
    <message>
        <source>Click a GPU type to load its configuration into the Compare tab</source>
        <translation>单击 GPU 型号，将其配置载入“比较”标签页</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在开始…</translation>
    </message>
    <message>
        <source>No search</source>
        <translation>未搜索</translation>
    </message>
    <message>
        <source>Cancelled after %1 of %2 GPU types</source>
        <translation>已在 %2 个 GPU 型号中的第 %1 个后取消</translation>
    </message>
    <message>
        <source>%1 of %2 GPU types</source>
        <translation>%1 / %2 个 GPU 型号</translation>
    </message>
    <message>
        <source>Done: %1 GPU types, %2 configurations</source>
        <translation>完成：%1 个 GPU 型号，%2 个配置</translation>
    </message>
</context>
<context>
    <name>PlanTableModel</name>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>Cheapest first among the GPU types that meet the target</source>
        <translation>在达到目标的 GPU 型号中最便宜的排在前面</translation>
    </message>
    <message>
        <source>The whole run&apos;s cost at these prices</source>
        <translation>按这些价格整个运行的成本</translation>
    </message>
    <message>
        <source>Dollars per million output tokens under the load</source>
        <translation>负载下每百万输出 token 的美元数</translation>
    </message>
    <message>
        <source>GPUs of the configuration; for a GPU type that cannot meet the target, why not</source>
        <translation>配置的 GPU 数；对于无法达到目标的 GPU 型号，说明原因</translation>
    </message>
    <message>
        <source>How far inside the tightest target, as a share of it</source>
        <translation>距最紧目标的余量，占该目标的比例</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>布局</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>$ / hour</source>
        <translation>$ / 小时</translation>
    </message>
    <message>
        <source>Run cost</source>
        <translation>运行成本</translation>
    </message>
    <message>
        <source>$ / M
tokens</source>
        <translation>$ / 百万
token</translation>
    </message>
    <message>
        <source>Days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>TTFT p90
(ms)</source>
        <translation>TTFT p90
(ms)</translation>
    </message>
    <message>
        <source>MFU
(%)</source>
        <translation>MFU
(%)</translation>
    </message>
    <message>
        <source>TPOT p90
(ms)</source>
        <translation>TPOT p90
(ms)</translation>
    </message>
    <message>
        <source>Margin</source>
        <translation>余量</translation>
    </message>
</context>
<context>
    <name>Planner</name>
    <message>
        <source>GPU &apos;%1&apos; is not in the catalogue</source>
        <translation>GPU“%1”不在目录中</translation>
    </message>
    <message>
        <source>the catalogue has no GPUs to plan with</source>
        <translation>目录中没有可规划的 GPU</translation>
    </message>
    <message>
        <source>price for GPU &apos;%1&apos;, which is not in the catalogue</source>
        <translation>为 GPU“%1”给了价格，但它不在目录中</translation>
    </message>
    <message>
        <source>price %1 $/GPU-hour for %2: allowed 0 to 10000</source>
        <translation>%2 的价格 %1 $/GPU 小时：允许 0 到 10000</translation>
    </message>
    <message>
        <source>max GPUs %1: allowed 1 to 65536</source>
        <translation>最多 GPU 数 %1：允许 1 到 65536</translation>
    </message>
    <message>
        <source>a deadline is needed: the days the run may take (more than 0)</source>
        <translation>需要期限：运行可用的天数（大于 0）</translation>
    </message>
    <message>
        <source>deadline %1 days: allowed more than 0 to 36500</source>
        <translation>期限 %1 天：允许大于 0 到 36500</translation>
    </message>
    <message>
        <source>the plan serves a load: give concurrent users or a request rate</source>
        <translation>规划针对负载：请给出并发用户或请求速率</translation>
    </message>
    <message>
        <source>the plan meets a target: give a TTFT p90 or a TPOT p90 target</source>
        <translation>规划需要目标：请给出 TTFT p90 或 TPOT p90 目标</translation>
    </message>
    <message>
        <source>tp %1 × pp %2 × dp %3</source>
        <translation>tp %1 × pp %2 × dp %3</translation>
    </message>
    <message>
        <source> × cp %1</source>
        <translation> × cp %1</translation>
    </message>
    <message numerus="yes">
        <source>tp %1 × pp %2 × %n replica(s)</source>
        <translation>
            <numerusform>tp %1 × pp %2 × %n 个副本</numerusform>
        </translation>
    </message>
    <message>
        <source>1 GPU</source>
        <translation>1 个 GPU</translation>
    </message>
    <message>
        <source>tp %1</source>
        <translation>tp %1</translation>
    </message>
    <message numerus="yes">
        <source>%n replica(s)</source>
        <translation>
            <numerusform>%n 个副本</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>tp %1 × %n replica(s)</source>
        <translation>
            <numerusform>tp %1 × %n 个副本</numerusform>
        </translation>
    </message>
    <message>
        <source>micro-batch %1</source>
        <translation>微批次 %1</translation>
    </message>
    <message>
        <source>ZeRO-%1</source>
        <translation>ZeRO-%1</translation>
    </message>
    <message>
        <source>%1 recompute</source>
        <translation>%1重计算</translation>
    </message>
    <message>
        <source>max %1 running</source>
        <translation>最多 %1 个运行中</translation>
    </message>
    <message>
        <source>train tokens %1: a plan needs tokens to train, more than 0</source>
        <translation>训练 token 数 %1：规划需要要训练的 token，须大于 0</translation>
    </message>
    <message>
        <source>GeForce: planned within one machine (up to %1 GPUs): no NVLink between more than two cards, and NVIDIA&apos;s GeForce driver licence excludes data-centre deployment; choose it by name to plan a cluster</source>
        <translation>GeForce：仅在一台机器内规划（最多 %1 个 GPU）：两张以上的卡之间没有 NVLink，且 NVIDIA 的 GeForce 驱动许可禁止数据中心部署；按名称选择它以规划集群</translation>
    </message>
    <message>
        <source>%1: %2 has no %1 tensor rate; its matmuls run at the %3 rate (the weights keep their memory saving)</source>
        <translation>%1：%2 没有 %1 张量速率；其矩阵乘法以 %3 速率运行（权重仍节省内存）</translation>
    </message>
    <message>
        <source>no price: planned at the fewest GPU-hours that meet the deadline; add its $/GPU-hour to compare its cost</source>
        <translation>无价格：按满足截止期限的最少 GPU 小时规划；添加其 $/GPU 小时以比较成本</translation>
    </message>
    <message>
        <source>no price: planned at the fewest GPUs that meet the targets; add its $/GPU-hour to compare its cost</source>
        <translation>无价格：按满足目标的最少 GPU 规划；添加其 $/GPU 小时以比较成本</translation>
    </message>
    <message>
        <source>%1 ships in %2, sold alone: at most %3 GPUs; no system of more of them is sold</source>
        <translation>%1 随 %2 出售，单台销售：最多 %3 个 GPU；没有更多 GPU 的系统在售</translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>A new language takes effect when GPU Compare restarts.</source>
        <translation>新语言将在 GPU Compare 重新启动后生效。</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
</context>
<context>
    <name>RadarChartWidget</name>
    <message>
        <source>Radar chart</source>
        <translation>雷达图</translation>
    </message>
    <message>
        <source>%1 (n/a: %2)</source>
        <translation>%1（无数据：%2）</translation>
    </message>
    <message>
        <source>%1
%2: %3</source>
        <translation>%1
%2：%3</translation>
    </message>
</context>
<context>
    <name>RangeRows</name>
    <message>
        <source>80% range %1 to %2 (%3)</source>
        <translation>80% 区间 %1 至 %2（%3）</translation>
    </message>
</context>
<context>
    <name>RenameGpuDialog</name>
    <message>
        <source>Rename GPU</source>
        <translation>重命名 GPU</translation>
    </message>
    <message>
        <source>New GPU id</source>
        <translation>新的 GPU 标识</translation>
    </message>
    <message>
        <source>&amp;Rename</source>
        <translation>重命名(&amp;R)</translation>
    </message>
    <message>
        <source>The id names %1 on the command line, in scenario files and in its measurements. Its measurements and price move to the new id when you save; scenarios and scripts that name the old id must be changed by hand.</source>
        <translation>该标识在命令行、场景文件和测量结果中指代 %1。保存时，其测量结果和价格会移到新标识；引用旧标识的场景和脚本需要手动修改。</translation>
    </message>
    <message>
        <source>Current id:</source>
        <translation>当前标识：</translation>
    </message>
    <message>
        <source>&amp;New id:</source>
        <translation>新标识(&amp;N)：</translation>
    </message>
</context>
<context>
    <name>ReportBuilder</name>
    <message>
        <source>GPU Compare report</source>
        <translation>GPU Compare 报告</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1，运行于 %2</translation>
    </message>
    <message>
        <source>a workload not estimated</source>
        <translation>未能估算的工作负载</translation>
    </message>
    <message>
        <source>Written on %1 by GPU Compare %2</source>
        <translation>由 GPU Compare %2 于 %1 生成</translation>
    </message>
    <message>
        <source>none of the GPUs compared suits it</source>
        <translation>所比较的 GPU 均不适合</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>The question</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>GPUs compared</source>
        <translation>比较的 GPU</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <source>Workload not estimated</source>
        <translation>工作负载未估算</translation>
    </message>
    <message>
        <source>%1 (configuration from %2)</source>
        <translation>%1（配置来自 %2）</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>模型：%1</translation>
    </message>
    <message>
        <source>Traffic: %1 users at once, each sending the next request when the last one is answered</source>
        <translation>流量：%1 个用户同时使用，每个用户在上一个请求得到回答后发送下一个请求</translation>
    </message>
    <message>
        <source>Traffic: %1 requests per second, arriving at random</source>
        <translation>流量：每秒 %1 个请求，随机到达</translation>
    </message>
    <message>
        <source>time to first token p90 at most %1 ms</source>
        <translation>首 token 时间 p90 不超过 %1 毫秒</translation>
    </message>
    <message>
        <source>time per output token p90 at most %1 ms</source>
        <translation>每个输出 token 时间 p90 不超过 %1 毫秒</translation>
    </message>
    <message>
        <source>Targets: none</source>
        <translation>目标：无</translation>
    </message>
    <message>
        <source>Targets: %1</source>
        <translation>目标：%1</translation>
    </message>
    <message>
        <source>Rental price: %1 $ per GPU-hour for every GPU</source>
        <translation>租用价格：每块 GPU 每小时 %1 美元</translation>
    </message>
    <message>
        <source>Rental price: each GPU&apos;s price in the catalogue</source>
        <translation>租用价格：按目录中每种 GPU 的价格</translation>
    </message>
    <message>
        <source>%1 %2 $</source>
        <translation>%1 %2 美元</translation>
    </message>
    <message>
        <source>Plan prices per GPU-hour: %1</source>
        <translation>规划使用的每 GPU 小时价格：%1</translation>
    </message>
    <message>
        <source>The answer</source>
        <translation>答案</translation>
    </message>
    <message>
        <source>No verdicts: the workload could not be estimated.</source>
        <translation>没有结论：无法估算该工作负载。</translation>
    </message>
    <message>
        <source>For inference</source>
        <translation>用于推理</translation>
    </message>
    <message>
        <source>For training</source>
        <translation>用于训练</translation>
    </message>
    <message>
        <source>Inference judged on</source>
        <translation>推理的评判依据</translation>
    </message>
    <message>
        <source>Training judged on</source>
        <translation>训练的评判依据</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>Side by side</source>
        <translation>并排比较</translation>
    </message>
    <message>
        <source>As the Compare tab shows it: the best value of each row is marked %1; n/a where a value does not exist or the workload does not fit.</source>
        <translation>与“比较”页显示的一致：每行的最佳值标有 %1；值不存在或工作负载放不下时显示“无数据”。</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>The plan</source>
        <translation>规划</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Cannot meet the target</source>
        <translation>无法达到目标</translation>
    </message>
    <message>
        <source>Configurations searched: %1. Each row is the cheapest configuration of its GPU type that meets the target, ranked by cost; the Plan tab loads a row into the comparison.</source>
        <translation>已搜索的配置：%1。每行是该 GPU 类型达到目标的最便宜配置，按成本排序；“规划”页可将一行载入比较。</translation>
    </message>
    <message>
        <source>The math of the headline numbers</source>
        <translation>主要数字的计算过程</translation>
    </message>
    <message>
        <source>Each number as the Math panel explains it when it is selected in the table: the formula, the values put in, the result.</source>
        <translation>每个数字与在表格中选中它时“计算过程”面板的解释相同：公式、代入的值和结果。</translation>
    </message>
    <message>
        <source>Estimator profile</source>
        <translation>估算器配置</translation>
    </message>
    <message>
        <source>None: the workload could not be estimated.</source>
        <translation>无：无法估算该工作负载。</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Measured accuracy</source>
        <translation>实测精度</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Every spec value above comes from the catalogue, which keeps the sources of each GPU&apos;s figures.</source>
        <translation>以上每个规格值都来自目录，目录保存了每种 GPU 数据的来源。</translation>
    </message>
    <message>
        <source>Sources: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <source>none recorded</source>
        <translation>未记录</translation>
    </message>
    <message>
        <source>Cross-checked against: %1</source>
        <translation>交叉核对：%1</translation>
    </message>
    <message>
        <source>Confidence: %1</source>
        <translation>可信度：%1</translation>
    </message>
    <message>
        <source>Notes: %1</source>
        <translation>备注：%1</translation>
    </message>
    <message>
        <source>Rental price: %1</source>
        <translation>租用价格：%1</translation>
    </message>
    <message>
        <source>Edited in this catalogue after it came from the seed.</source>
        <translation>在从内置数据导入后，于本目录中被编辑过。</translation>
    </message>
    <message>
        <source>Changes since the scenario was saved</source>
        <translation>方案保存后的变化</translation>
    </message>
    <message>
        <source>None: the catalogue holds every value the scenario recorded as it was when saved.</source>
        <translation>无：目录中方案记录的每个值都与保存时相同。</translation>
    </message>
    <message>
        <source>The numbers above come from the catalogue as it is now. These values differ from those the scenario recorded:</source>
        <translation>以上数字来自目录的当前内容。以下值与方案记录的不同：</translation>
    </message>
    <message>
        <source>Owned cards: each GPU&apos;s launch price over %1 years, plus electricity</source>
        <translation>自有显卡：每个 GPU 的首发价格分摊 %1 年，另加电费</translation>
    </message>
</context>
<context>
    <name>ReportExporter</name>
    <message>
        <source>cannot write %1: a report is a .pdf or an .html file</source>
        <translation>无法写入 %1：报告须为 .pdf 或 .html 文件</translation>
    </message>
    <message>
        <source>cannot write %1: the PDF writer could not start</source>
        <translation>无法写入 %1：PDF 写入器无法启动</translation>
    </message>
</context>
<context>
    <name>RepositorySupport</name>
    <message>
        <source>: the id already exists</source>
        <translation>：该标识已存在</translation>
    </message>
    <message>
        <source>the catalogue is read-only</source>
        <translation>目录为只读</translation>
    </message>
    <message>
        <source> was changed or deleted by someone else since it was read</source>
        <translation>在读取后已被其他人修改或删除</translation>
    </message>
</context>
<context>
    <name>RequestMix</name>
    <message>
        <source>&apos;%1&apos; is not a number</source>
        <translation>“%1”不是数字</translation>
    </message>
    <message>
        <source>%1: allowed whole numbers 1 to 10000000</source>
        <translation>%1：允许 1 到 10000000 的整数</translation>
    </message>
    <message>
        <source>%1: an arrival time is 0 or more seconds</source>
        <translation>%1：到达时间应为 0 秒或以上</translation>
    </message>
    <message>
        <source>%1: no requests (a header and at least one row of input_tokens, output_tokens)</source>
        <translation>%1：没有请求（需要表头和至少一行 input_tokens、output_tokens）</translation>
    </message>
    <message>
        <source>%1: empty file</source>
        <translation>%1：空文件</translation>
    </message>
    <message>
        <source>%1, line %2: the header names no %3 column (it needs input_tokens and output_tokens; arrival_s is optional)</source>
        <translation>%1，第 %2 行：表头中没有 %3 列（需要 input_tokens 和 output_tokens；arrival_s 可选）</translation>
    </message>
    <message>
        <source>%1, line %2: %3 fields where the header has %4</source>
        <translation>%1，第 %2 行：有 %3 个字段，而表头有 %4 个</translation>
    </message>
    <message>
        <source>%1: more than 1000000 requests</source>
        <translation>%1：请求超过 1000000 个</translation>
    </message>
    <message>
        <source>%1, line %2: not a JSON object (%3)</source>
        <translation>%1，第 %2 行：不是 JSON 对象（%3）</translation>
    </message>
    <message>
        <source>%1, line %2: %3 is missing or not a number</source>
        <translation>%1，第 %2 行：%3 缺失或不是数字</translation>
    </message>
</context>
<context>
    <name>RevertConfirmation</name>
    <message>
        <source>Revert</source>
        <translation>还原</translation>
    </message>
    <message numerus="yes">
        <source>Discard %n unsaved change(s)?</source>
        <translation>
            <numerusform>放弃 %n 项未保存的更改？</numerusform>
        </translation>
    </message>
    <message>
        <source>Undo brings them back until you save.</source>
        <translation>在保存之前，撤销可以恢复它们。</translation>
    </message>
</context>
<context>
    <name>ScaledNumber</name>
    <message>
        <source>&apos;%1&apos; is not a whole number: write digits, optionally followed by %2</source>
        <translation>“%1”不是整数：请写数字，后面可加 %2</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a number: write digits, optionally followed by %2</source>
        <translation>“%1”不是数字：请写数字，后面可加 %2</translation>
    </message>
    <message>
        <source>k (thousand), M (million), B or G (billion) or T (trillion), e.g. 50M or 1.5B</source>
        <translation>k（千）、M（百万）、B 或 G（十亿）或 T（万亿），例如 50M 或 1.5B</translation>
    </message>
    <message>
        <source>empty: expected a number, optionally followed by %1</source>
        <translation>为空：需要一个数字，后面可加 %1</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is too large</source>
        <translation>“%1”太大</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a whole number</source>
        <translation>“%1”不是整数</translation>
    </message>
</context>
<context>
    <name>ScaledSpinBox</name>
    <message>
        <source>%1 is outside %2 to %3</source>
        <translation>%1 超出 %2 到 %3 的范围</translation>
    </message>
</context>
<context>
    <name>ScalingCurves</name>
    <message>
        <source>Scaling: training throughput per GPU against GPU count</source>
        <translation>扩展性：每 GPU 训练吞吐量随 GPU 数量变化</translation>
    </message>
    <message>
        <source>GPUs (global batch grows with them)</source>
        <translation>GPU 数量（全局批次随之增大）</translation>
    </message>
    <message>
        <source>Tokens/s per GPU</source>
        <translation>每 GPU 令牌/秒</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>令牌/秒</translation>
    </message>
    <message>
        <source>%1
1 node</source>
        <translation>%1
1 个节点</translation>
    </message>
    <message>
        <source>%1
%2 nodes</source>
        <translation>%1
%2 个节点</translation>
    </message>
    <message>
        <source>1 node = %1 GPUs</source>
        <translation>1 个节点 = %1 个 GPU</translation>
    </message>
    <message>
        <source>1 node = %1 GPUs: %2</source>
        <translation>1 个节点 = %1 个 GPU：%2</translation>
    </message>
    <message>
        <source>%1 (does not fit)</source>
        <translation>%1（放不下）</translation>
    </message>
    <message>
        <source>%1 Gb/s per GPU between nodes</source>
        <translation>节点间每 GPU %1 Gb/s</translation>
    </message>
    <message>
        <source>one node only (no network: larger counts are not estimated)</source>
        <translation>仅单节点（无网络：更大的数量不做估算）</translation>
    </message>
    <message>
        <source>%1. At every count: %2 sequences per GPU in the global batch, the same recipe, %3. A gap: does not fit, or no layout at that count.</source>
        <translation>%1。每个数量下：全局批次中每 GPU %2 个序列，配方相同，%3。空缺：放不下，或该数量下没有可行布局。</translation>
    </message>
</context>
<context>
    <name>ScenarioCatalogue</name>
    <message>
        <source>n/a</source>
        <translation>无数据</translation>
    </message>
    <message>
        <source>The catalogue has no GPU &quot;%1&quot;.</source>
        <translation>目录中没有 GPU “%1”。</translation>
    </message>
    <message>
        <source>The catalogue has no model preset &quot;%1&quot;.</source>
        <translation>目录中没有模型预设 “%1”。</translation>
    </message>
    <message>
        <source>The model&apos;s config.json is not there: %1</source>
        <translation>模型的 config.json 不在该位置：%1</translation>
    </message>
    <message>
        <source>The catalogue has no efficiency profile &quot;%1&quot;.</source>
        <translation>目录中没有效率配置 “%1”。</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>in the catalogue</source>
        <translation>在目录中</translation>
    </message>
    <message>
        <source>no longer in it</source>
        <translation>已不在目录中</translation>
    </message>
    <message>
        <source>%1 · %2: %3 when saved, %4 now</source>
        <translation>%1 · %2：保存时为 %3，现在为 %4</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>ScenarioController</name>
    <message>
        <source>Open Scenario</source>
        <translation>打开方案</translation>
    </message>
    <message>
        <source>The scenario %1 was not opened.</source>
        <translation>方案 %1 未打开。</translation>
    </message>
    <message>
        <source>The scenario %1 cannot be opened on this catalogue.</source>
        <translation>方案 %1 无法在此目录上打开。</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n value(s) in the catalogue changed since %1 was saved.</source>
        <translation>
            <numerusform>自 %1 保存以来，目录中有 %n 个值发生了变化。</numerusform>
        </translation>
    </message>
    <message>
        <source>The numbers use the catalogue&apos;s current values; the details list what changed. Apply puts the GPU values the scenario was saved with into the catalogue as one edit you can undo; saving the catalogue then gives the scenario&apos;s numbers.</source>
        <translation>数字使用目录的当前值；详细信息列出了变化。“应用”会把方案保存时的 GPU 值作为一次可撤销的编辑放入目录；保存目录后即得到方案中的数字。</translation>
    </message>
    <message>
        <source>The scenario&apos;s values were not put into the catalogue.</source>
        <translation>方案的值未放入目录。</translation>
    </message>
    <message>
        <source>The scenario&apos;s values are in the Catalogue tab, not saved yet: save them to use them, or undo.</source>
        <translation>方案的值已在“目录”页中，尚未保存：保存后即可使用，或者撤销。</translation>
    </message>
    <message>
        <source>Open Recent</source>
        <translation>最近打开</translation>
    </message>
    <message>
        <source>The scenario %1 is no longer there.</source>
        <translation>方案 %1 已不在原处。</translation>
    </message>
    <message>
        <source>It was removed from the recent files.</source>
        <translation>已从最近文件中移除。</translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation>保存方案</translation>
    </message>
    <message>
        <source>The scenario was not saved to %1.</source>
        <translation>方案未保存到 %1。</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Unsaved Scenario</source>
        <translation>未保存的方案</translation>
    </message>
    <message>
        <source>The scenario %1 has changes that are not saved.</source>
        <translation>方案 %1 有未保存的更改。</translation>
    </message>
    <message>
        <source>Save them before going on?</source>
        <translation>继续之前要保存吗？</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>The report was not written to %1.</source>
        <translation>报告未写入 %1。</translation>
    </message>
    <message>
        <source>GPU Compare scenarios (*.gpuc);;All files (*)</source>
        <translation>GPU Compare 方案 (*.gpuc);;所有文件 (*)</translation>
    </message>
    <message>
        <source>scenario</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Save Scenario As</source>
        <translation>方案另存为</translation>
    </message>
    <message>
        <source>GPU Compare scenarios (*.gpuc)</source>
        <translation>GPU Compare 方案 (*.gpuc)</translation>
    </message>
    <message>
        <source>report</source>
        <translation>报告</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>HTML (*.html *.htm)</source>
        <translation>HTML (*.html *.htm)</translation>
    </message>
    <message>
        <source>&amp;Clear Menu</source>
        <translation>清除菜单(&amp;C)</translation>
    </message>
</context>
<context>
    <name>ScenarioFile</name>
    <message>
        <source>%1: not a GPU record</source>
        <translation>%1：不是 GPU 记录</translation>
    </message>
    <message>
        <source>%1.%2: not a GPU value</source>
        <translation>%1.%2：不是 GPU 的值</translation>
    </message>
    <message>
        <source>%1.%2: %3</source>
        <translation>%1.%2：%3</translation>
    </message>
    <message>
        <source>not a value it takes</source>
        <translation>不是它接受的值</translation>
    </message>
    <message>
        <source>%1: has no gpu_id</source>
        <translation>%1：没有 gpu_id</translation>
    </message>
    <message>
        <source>%1: needs a list</source>
        <translation>%1：需要一个列表</translation>
    </message>
    <message>
        <source>%1[%2]: needs a name</source>
        <translation>%1[%2]：需要一个名称</translation>
    </message>
    <message>
        <source>plan: needs an object</source>
        <translation>plan：需要一个对象</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a precision</source>
        <translation>%1：“%2” 不是一种精度</translation>
    </message>
    <message>
        <source>%1: not a value the plan takes</source>
        <translation>%1：不是规划接受的值</translation>
    </message>
    <message>
        <source>line %1: %2 (the file is damaged or not a scenario)</source>
        <translation>第 %1 行：%2（文件已损坏或不是方案）</translation>
    </message>
    <message>
        <source>not a GPU Compare scenario (no &quot;format&quot;: &quot;%1&quot;)</source>
        <translation>不是 GPU Compare 方案（没有 &quot;format&quot;: &quot;%1&quot;）</translation>
    </message>
    <message>
        <source>schema_version: needs a whole number from 1</source>
        <translation>schema_version：需要从 1 起的整数</translation>
    </message>
    <message>
        <source>written by a newer GPU Compare (scenario schema version %1; this version reads up to %2): update GPU Compare to open it</source>
        <translation>由更新版本的 GPU Compare 写入（方案格式版本 %1；本版本最多读取 %2）：请更新 GPU Compare 后打开</translation>
    </message>
    <message>
        <source>workload: needs an object</source>
        <translation>workload：需要一个对象</translation>
    </message>
    <message>
        <source>%1: not a value a scenario records</source>
        <translation>%1：不是方案记录的值</translation>
    </message>
    <message>
        <source>%1: not a value of a scenario</source>
        <translation>%1：不是方案的值</translation>
    </message>
    <message>
        <source>workload: missing</source>
        <translation>workload：缺失</translation>
    </message>
    <message>
        <source>%1[%2]: &quot;%3&quot; is already in the list</source>
        <translation>%1[%2]：“%3”已在列表中</translation>
    </message>
    <message>
        <source>%1: needs its profile_id</source>
        <translation>%1：需要其 profile_id</translation>
    </message>
    <message>
        <source>contains the control character U+%1 at character %2</source>
        <translation>第 %2 个字符是控制字符 U+%1</translation>
    </message>
    <message>
        <source>%1[%2]: %3</source>
        <translation>%1[%2]：%3</translation>
    </message>
    <message>
        <source>%1: allowed a number of days from 0 to %2</source>
        <translation>%1：允许 0 到 %2 之间的天数</translation>
    </message>
    <message>
        <source>%1.%2: needs a price from 0 to %3 USD per GPU-hour</source>
        <translation>%1.%2：价格须在每 GPU 小时 0 到 %3 美元之间</translation>
    </message>
</context>
<context>
    <name>SeedOfferBar</name>
    <message>
        <source>Review…</source>
        <translation>查看…</translation>
    </message>
    <message>
        <source>Not Now</source>
        <translation>以后再说</translation>
    </message>
    <message>
        <source>Hide this until GPU Compare starts again</source>
        <translation>在 GPU Compare 下次启动前隐藏此提示</translation>
    </message>
    <message>
        <source> and %1 more</source>
        <translation>，另有 %1 个</translation>
    </message>
    <message>
        <source>1 GPU</source>
        <translation>1 种 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 种 GPU</translation>
    </message>
    <message>
        <source>1 model</source>
        <translation>1 个模型</translation>
    </message>
    <message>
        <source>%1 models</source>
        <translation>%1 个模型</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1 和 %2</translation>
    </message>
    <message>
        <source>This version of GPU Compare knows %1 your catalogue lacks: %2.</source>
        <translation>此版本的 GPU Compare 收录了您的目录缺少的 %1：%2。</translation>
    </message>
</context>
<context>
    <name>SeedOfferController</name>
    <message>
        <source>Add GPUs and Models</source>
        <translation>添加 GPU 和模型</translation>
    </message>
    <message>
        <source>The catalogue is read-only: %1</source>
        <translation>目录为只读：%1</translation>
    </message>
    <message>
        <source>The catalogue has every GPU and model this version knows.</source>
        <translation>目录已包含此版本收录的所有 GPU 和模型。</translation>
    </message>
    <message>
        <source>Nothing was added.</source>
        <translation>未添加任何内容。</translation>
    </message>
    <message>
        <source>Added %1 GPUs and %2 models to the catalogue</source>
        <translation>已向目录添加 %1 种 GPU 和 %2 个模型</translation>
    </message>
    <message>
        <source>These GPUs and models came with this version of GPU Compare. Checked ones are added to your catalogue as bundled rows; the others are not offered again (File &gt; Add GPUs and Models from This Version… lists them). Nothing you have changed is touched.</source>
        <translation>这些 GPU 和模型随此版本的 GPU Compare 提供。勾选的将作为内置行添加到您的目录；其余的不会再提示（“文件 &gt; 添加此版本的 GPU 和模型…”会列出它们）。您修改过的内容不会被改动。</translation>
    </message>
    <message>
        <source>These GPUs and models of this version are not in your catalogue, including ones you declined or deleted. Checked ones are added as bundled rows.</source>
        <translation>这些是此版本收录但不在您目录中的 GPU 和模型，包括您拒绝或删除过的。勾选的将作为内置行添加。</translation>
    </message>
</context>
<context>
    <name>SeedOfferDialog</name>
    <message>
        <source>Add GPUs and Models from This Version</source>
        <translation>添加此版本的 GPU 和模型</translation>
    </message>
    <message>
        <source>GPU: %1 (%2)</source>
        <translation>GPU：%1（%2）</translation>
    </message>
    <message>
        <source>Model: %1 (%2)</source>
        <translation>模型：%1（%2）</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Don&apos;t Add</source>
        <translation>不添加</translation>
    </message>
</context>
<context>
    <name>SpecItemDelegate</name>
    <message>
        <source>(not given)</source>
        <translation>（未提供）</translation>
    </message>
</context>
<context>
    <name>SpecSpinBox</name>
    <message>
        <source>%1 to %2%3; leave empty when the datasheet gives no value</source>
        <translation>%1 到 %2%3；数据手册未给出数值时请留空</translation>
    </message>
</context>
<context>
    <name>SpecTableModel</name>
    <message>
        <source>Sources: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <source>Not saved yet; saved value: %1</source>
        <translation>尚未保存；已保存的值：%1</translation>
    </message>
    <message>
        <source>New GPU, not saved yet</source>
        <translation>新 GPU，尚未保存</translation>
    </message>
    <message>
        <source>Bundled value: %1</source>
        <translation>内置值：%1</translation>
    </message>
    <message>
        <source>Column %1 in CSV and JSON files</source>
        <translation>CSV 和 JSON 文件中的 %1 列</translation>
    </message>
</context>
<context>
    <name>SqliteFailure</name>
    <message>
        <source>the disk is full</source>
        <translation>磁盘已满</translation>
    </message>
    <message>
        <source>the system refused a read or write</source>
        <translation>系统拒绝了读取或写入</translation>
    </message>
    <message>
        <source>another program is using the catalogue</source>
        <translation>另一个程序正在使用该目录</translation>
    </message>
    <message>
        <source>the file cannot be written</source>
        <translation>文件无法写入</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <source>the connection to the server was lost; the server rolled back the unfinished save, so nothing of it was written, and nothing that was saved before is lost</source>
        <translation>与服务器的连接已断开；服务器已回滚未完成的保存，因此其中的内容均未写入，之前已保存的内容也没有丢失</translation>
    </message>
    <message>
        <source>the server did not finish within the time allowed (statement_timeout) and cancelled it; nothing was changed, a save was rolled back whole</source>
        <translation>服务器未能在允许的时间内完成（statement_timeout），已将其取消；没有任何更改，保存已整体回滚</translation>
    </message>
</context>
<context>
    <name>StaleBanner</name>
    <message>
        <source>Result not current</source>
        <translation>结果不是最新的</translation>
    </message>
</context>
<context>
    <name>TeamChangeBar</name>
    <message>
        <source>Reload</source>
        <translation>重新读取</translation>
    </message>
    <message>
        <source>Read the team catalogue again (not while the Catalogue tab has unsaved edits)</source>
        <translation>重新读取团队目录（“目录”标签页有未保存的编辑时不会读取）</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Catalogue changed: 1 row saved by a teammate since it was read.</source>
        <translation>目录已更改：读取后队友保存了 1 行。</translation>
    </message>
    <message>
        <source>Catalogue changed: %1 rows saved by teammates since it was read.</source>
        <translation>目录已更改：读取后队友保存了 %1 行。</translation>
    </message>
</context>
<context>
    <name>TextCheck</name>
    <message>
        <source>contains the noncharacter %1 at character %2 (not text)</source>
        <translation>在第 %2 个字符处包含非字符 %1（不是文本）</translation>
    </message>
    <message>
        <source>contains an unpaired surrogate %1 at character %2 (not valid Unicode)</source>
        <translation>在第 %2 个字符处包含未配对的代理项 %1（不是有效的 Unicode）</translation>
    </message>
    <message>
        <source>contains the control character %1 at character %2 (only tab and line breaks are allowed)</source>
        <translation>在第 %2 个字符处包含控制字符 %1（只允许制表符和换行）</translation>
    </message>
</context>
<context>
    <name>ThemeController</name>
    <message>
        <source>&amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>The desktop&apos;s colours</source>
        <translation>使用桌面的配色</translation>
    </message>
</context>
<context>
    <name>UserRunBenchmarks</name>
    <message>
        <source>imported without an engine profile (measurements import --profile)</source>
        <translation>导入时未指定引擎配置（measurements import --profile）</translation>
    </message>
    <message>
        <source>its profile %1 is not in the catalogue</source>
        <translation>其配置 %1 不在目录中</translation>
    </message>
    <message>
        <source>the workload does not fit under the run&apos;s conditions</source>
        <translation>在该运行的条件下工作负载放不下</translation>
    </message>
</context>
<context>
    <name>ValueRange</name>
    <message>
        <source>±%1%</source>
        <translation>±%1%</translation>
    </message>
    <message>
        <source>%1: %2, %3 measurements, leave-one-GPU-out</source>
        <translation>%1：%2，%3 次实测，留一 GPU 交叉验证</translation>
    </message>
    <message>
        <source>-%1%/+%2%</source>
        <translation>-%1%/+%2%</translation>
    </message>
</context>
<context>
    <name>VerdictPanel</name>
    <message>
        <source>Pick GPUs to see which suit training and inference.</source>
        <translation>选择 GPU，看看哪些适合训练和推理。</translation>
    </message>
    <message>
        <source>&amp;Copy Verdicts</source>
        <translation>复制结论(&amp;C)</translation>
    </message>
    <message>
        <source>Verdicts</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Recommended</source>
        <translation>推荐</translation>
    </message>
    <message>
        <source>Suitable</source>
        <translation>适合</translation>
    </message>
    <message>
        <source>Limited</source>
        <translation>受限</translation>
    </message>
    <message>
        <source>Unsuitable</source>
        <translation>不适合</translation>
    </message>
    <message>
        <source>Verdicts for %1</source>
        <translation>%1 的结论</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Reasons for the %1 verdict</source>
        <translation>%1结论的理由</translation>
    </message>
    <message>
        <source>Workloads the verdicts judge</source>
        <translation>结论所评判的工作负载</translation>
    </message>
    <message>
        <source>Training verdicts judge: %1</source>
        <translation>训练结论评判：%1</translation>
    </message>
    <message>
        <source>Inference verdicts judge: %1</source>
        <translation>推理结论评判：%1</translation>
    </message>
</context>
<context>
    <name>VerdictRules</name>
    <message>
        <source>training tokens/s</source>
        <translation>训练 token/s</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>token/s</translation>
    </message>
    <message>
        <source>cannot estimate this GPU</source>
        <translation>无法估算此 GPU</translation>
    </message>
    <message>
        <source>does not fit: %1 GB per GPU needed of %2 GB, and no count up to 1024 GPUs holds it</source>
        <translation>放不下：单卡需要 %1 GB，容量 %2 GB，1024 个 GPU 以内都放不下</translation>
    </message>
    <message>
        <source>needs %1 GPUs, more than one 8-GPU node: a multi-node cluster whose network sets the pace; %2 GB per GPU with %3</source>
        <translation>需要 %1 个 GPU，超过一个 8 卡节点：需多节点集群，速度取决于集群网络；%3 个 GPU 时单卡 %2 GB</translation>
    </message>
    <message>
        <source>needs %1 GPUs, more than one 8-GPU node, and this card has no switch fabric to scale out; %2 GB per GPU with %3</source>
        <translation>需要 %1 个 GPU，超过一个 8 卡节点，而此卡没有可横向扩展的交换互连；%3 个 GPU 时单卡 %2 GB</translation>
    </message>
    <message numerus="yes">
        <source>does not fit on %n GPU(s): %1 GB per GPU needed of %2 GB; needs %3 GPUs</source>
        <translation>
            <numerusform>%n 个 GPU 放不下：单卡需要 %1 GB，容量 %2 GB；需要 %3 个 GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>fits: %1 GB of %2 GB per GPU on %n GPU(s)</source>
        <translation>
            <numerusform>放得下：%n 个 GPU，单卡使用 %1 GB / %2 GB</numerusform>
        </translation>
    </message>
    <message>
        <source>no NVLink for %1 GPUs: gradient all-reduce and tensor parallelism go over PCIe (%2 GB/s per direction), poor for multi-GPU training</source>
        <translation>%1 个 GPU 之间没有 NVLink：梯度全归约和张量并行走 PCIe（每方向 %2 GB/s），不适合多卡训练</translation>
    </message>
    <message>
        <source>no NVLink for %1 GPUs: tensor/pipeline traffic goes over PCIe (%2 GB/s per direction)</source>
        <translation>%1 个 GPU 之间没有 NVLink：张量/流水线并行流量走 PCIe（每方向 %2 GB/s）</translation>
    </message>
    <message>
        <source>%1 %2, %3% of the fastest here</source>
        <translation>%1 %2，为此处最快者的 %3%</translation>
    </message>
    <message>
        <source>%1 %2, %3% of the fastest here (%4)</source>
        <translation>%1 %2，为此处最快者（%4）的 %3%</translation>
    </message>
    <message>
        <source>slow: %1 %2, %3% of the fastest here (%4)</source>
        <translation>较慢：%1 %2，为此处最快者（%4）的 %3%</translation>
    </message>
    <message>
        <source>dense FP16/BF16 tensor %1 TFLOPS, %2x the strongest here (%3, %4)</source>
        <translation>稠密 FP16/BF16 张量算力 %1 TFLOPS，为此处最强者（%3，%4）的 %2 倍</translation>
    </message>
    <message>
        <source>against %1: dense %2 vs %3 TFLOPS is %4x; a table that prints this GPU&apos;s 2:4 sparse %5 TFLOPS next to dense figures suggests %6x; the verdict uses dense</source>
        <translation>与 %1 相比：稠密算力 %2 对 %3 TFLOPS，为 %4 倍；若表格把此 GPU 的 2:4 稀疏算力 %5 TFLOPS 与稠密数值并列，会显得是 %6 倍；结论采用稠密算力</translation>
    </message>
    <message numerus="yes">
        <source>at %n concurrent user(s)</source>
        <translation>
            <numerusform>在 %n 个并发用户下</numerusform>
        </translation>
    </message>
    <message>
        <source>at %1 requests/s</source>
        <translation>在每秒 %1 个请求下</translation>
    </message>
    <message>
        <source>TTFT p90 %1 ms, TPOT p90 %2 ms</source>
        <translation>TTFT p90 %1 ms，TPOT p90 %2 ms</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>misses the targets %1: %2; not even one user meets them</source>
        <translation>%1未达到目标：%2；即使 1 个用户也达不到</translation>
    </message>
    <message>
        <source>cannot judge it: %1 (not in the catalogue)</source>
        <translation>无法判断：%1（目录中没有）</translation>
    </message>
    <message>
        <source>cannot judge its speed: %1 (not in the catalogue)</source>
        <translation>无法判断其速度：%1（目录中没有）</translation>
    </message>
    <message>
        <source>speed out of range: a datasheet value of this GPU is far off; check its compute and bandwidth in the catalogue</source>
        <translation>速度超出范围：该 GPU 的某个规格值偏差很大；请检查目录中的算力和带宽</translation>
    </message>
    <message>
        <source>fastest here with an achievable share assumed, not measured (see the notes)</source>
        <translation>此处最快，但其可达比例为假定值，未经测量（见说明）</translation>
    </message>
    <message>
        <source>fastest here on efficiencies measured on other stacks than %1 (see the notes)</source>
        <translation>此处最快，但所用效率测自 %1 以外的软件栈（见说明）</translation>
    </message>
    <message>
        <source>training tokens/s per GPU</source>
        <translation>每 GPU 训练 tokens/s</translation>
    </message>
    <message>
        <source>tokens/s per GPU</source>
        <translation>每 GPU tokens/s</translation>
    </message>
    <message>
        <source>costly: $%1 per million %3, %2x the cheapest here</source>
        <translation>昂贵：每百万%3 $%1，是此处最便宜的 %2 倍</translation>
    </message>
    <message>
        <source>lowest cost here: $%1 per million %2</source>
        <translation>此处成本最低：每百万%2 $%1</translation>
    </message>
    <message numerus="yes">
        <source>at least %n user(s) (the search stops there)</source>
        <translation>
            <numerusform>至少 %n 个用户（搜索到此为止）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>up to %n user(s)</source>
        <translation>
            <numerusform>最多 %n 个用户</numerusform>
        </translation>
    </message>
    <message>
        <source>meets the targets %1: %2; %3</source>
        <translation>%1达到目标：%2；%3</translation>
    </message>
    <message>
        <source>%1 over its target of %2 ms</source>
        <translation>%1 超过目标 %2 ms</translation>
    </message>
    <message>
        <source>TTFT p90</source>
        <translation>TTFT p90</translation>
    </message>
    <message>
        <source>TPOT p90</source>
        <translation>TPOT p90</translation>
    </message>
    <message>
        <source>misses the targets %1: %2; meets them %3</source>
        <translation>%1未达到目标：%2；%3时能达到</translation>
    </message>
    <message>
        <source>%1 %2, about the same as the fastest here (%3 %4, %5)</source>
        <translation>%1 %2，与此处最快者相近（%4 的 %3，%5）</translation>
    </message>
    <message>
        <source>$%1 per million %2, about the same as the cheapest here (%3 its cost, %4)</source>
        <translation>每百万%2 $%1，与此处最便宜的大致相同（其成本的 %3，%4）</translation>
    </message>
</context>
<context>
    <name>WorkloadForm</name>
    <message>
        <source>&amp;Model</source>
        <translation>模型(&amp;M)</translation>
    </message>
    <message>
        <source>config.json…</source>
        <translation>config.json…</translation>
    </message>
    <message>
        <source>Load a custom model from a local Hugging Face config.json</source>
        <translation>从本地 Hugging Face config.json 加载自定义模型</translation>
    </message>
    <message>
        <source>Load custom model config</source>
        <translation>加载自定义模型配置</translation>
    </message>
    <message>
        <source>Custom model</source>
        <translation>自定义模型</translation>
    </message>
    <message>
        <source>&amp;Task</source>
        <translation>任务(&amp;T)</translation>
    </message>
    <message>
        <source>Inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>Full training</source>
        <translation>全量训练</translation>
    </message>
    <message>
        <source>LoRA fine-tune</source>
        <translation>LoRA 微调</translation>
    </message>
    <message>
        <source>QLoRA fine-tune</source>
        <translation>QLoRA 微调</translation>
    </message>
    <message>
        <source>&amp;Weights</source>
        <translation>权重(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;KV cache</source>
        <translation>KV 缓存(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Input tokens</source>
        <translation>输入 token(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Output tokens</source>
        <translation>输出 token(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Sequence length</source>
        <translation>序列长度(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;GPUs</source>
        <translation>GPU 数(&amp;G)</translation>
    </message>
    <message>
        <source>Te&amp;nsor parallel</source>
        <translation>张量并行(&amp;N)</translation>
    </message>
    <message>
        <source>Pipe&amp;line parallel</source>
        <translation>流水线并行(&amp;L)</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>&quot;auto&quot; lets the estimator split the model over the fewest GPUs that hold it</source>
        <translation>“自动”让估算器把模型切分到能放下它的最少 GPU 上</translation>
    </message>
    <message>
        <source>&amp;ZeRO stage</source>
        <translation>ZeRO 阶段(&amp;Z)</translation>
    </message>
    <message>
        <source>0 (none)</source>
        <translation>0（无）</translation>
    </message>
    <message>
        <source>1 (optimizer)</source>
        <translation>1（优化器）</translation>
    </message>
    <message>
        <source>2 (+ gradients)</source>
        <translation>2（+ 梯度）</translation>
    </message>
    <message>
        <source>3 (+ weights)</source>
        <translation>3（+ 权重）</translation>
    </message>
    <message>
        <source>&amp;Recompute</source>
        <translation>重计算(&amp;R)</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <source>Full</source>
        <translation>完全</translation>
    </message>
    <message>
        <source>Efficiency &amp;profile</source>
        <translation>效率配置(&amp;P)</translation>
    </message>
    <message>
        <source>catalogue</source>
        <translation>目录值</translation>
    </message>
    <message>
        <source>Rental price per GPU-hour; &quot;catalogue&quot; uses each GPU&apos;s default</source>
        <translation>每 GPU 小时的租用价格；“目录值”使用各 GPU 的默认价格</translation>
    </message>
    <message>
        <source>$ / GP&amp;U-hour</source>
        <translation>$ / GPU 小时(&amp;U)</translation>
    </message>
    <message>
        <source>Electricit&amp;y $ / kWh</source>
        <translation>电价 $ / kWh(&amp;Y)</translation>
    </message>
    <message>
        <source>Training bu&amp;dget</source>
        <translation>训练预算(&amp;D)</translation>
    </message>
    <message>
        <source>Default for the task</source>
        <translation>按任务默认</translation>
    </message>
    <message>
        <source>&amp;Requests in flight</source>
        <translation>并发请求数(&amp;R)</translation>
    </message>
    <message>
        <source>recipe</source>
        <translation>配方</translation>
    </message>
    <message>
        <source>Global &amp;batch (sequences)</source>
        <translation>全局批大小（序列）(&amp;B)</translation>
    </message>
    <message>
        <source>Sequences per optimizer step over all the GPUs together</source>
        <translation>所有 GPU 合计每个优化器步的序列数</translation>
    </message>
    <message>
        <source>recipe: %1</source>
        <translation>配方：%1</translation>
    </message>
    <message>
        <source>&amp;Concurrent users</source>
        <translation>并发用户(&amp;C)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Users who each send their next request when the last one is answered; the serving engine batches them continuously. &quot;none&quot;: one static batch only</source>
        <translation>每个用户在上一个请求得到回答后发送下一个；服务引擎对它们进行连续批处理。“无”：只估算一个静态批次</translation>
    </message>
    <message>
        <source>Re&amp;quests / s</source>
        <translation>请求 / 秒(&amp;Q)</translation>
    </message>
    <message>
        <source>Requests arriving at random at this average rate (instead of a number of users). &quot;none&quot;: one static batch only</source>
        <translation>以此平均速率随机到达的请求（代替用户数）。“无”：只估算一个静态批次</translation>
    </message>
    <message>
        <source>TT&amp;FT p90 target</source>
        <translation>TTFT p90 目标(&amp;F)</translation>
    </message>
    <message>
        <source>Time to first token that 90% of requests must meet under the load</source>
        <translation>负载下 90% 的请求必须达到的首 token 延迟</translation>
    </message>
    <message>
        <source>TPOT p90 tar&amp;get</source>
        <translation>TPOT p90 目标(&amp;G)</translation>
    </message>
    <message>
        <source>Time per output token that 90% of requests must meet under the load</source>
        <translation>负载下 90% 的请求必须达到的每个输出 token 的时间</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>Micro-b&amp;atch</source>
        <translation>微批次(&amp;A)</translation>
    </message>
    <message>
        <source>Sequences per replica per forward and backward pass; the global batch runs in as many of them as it takes (gradient accumulation)</source>
        <translation>每个副本每次前向和反向传播的序列数；全局批次按需分成多个微批次运行（梯度累积）</translation>
    </message>
    <message>
        <source>&amp;Virtual stages</source>
        <translation>虚拟阶段(&amp;V)</translation>
    </message>
    <message>
        <source>Interleaved pipeline: model chunks per pipeline stage (needs pipeline parallel 2 or more); the bubble shrinks by this factor</source>
        <translation>交错流水线：每个流水线阶段的模型块数（需要流水线并行为 2 或以上）；气泡按此倍数缩小</translation>
    </message>
    <message>
        <source>Conte&amp;xt parallel</source>
        <translation>上下文并行(&amp;X)</translation>
    </message>
    <message>
        <source>GPUs each sequence is split over (ring attention), for long sequences</source>
        <translation>每个序列拆分到的 GPU 数（环形注意力），用于长序列</translation>
    </message>
    <message>
        <source>Expert parallel</source>
        <translation>专家并行</translation>
    </message>
    <message>
        <source>GPUs per node (&amp;j)</source>
        <translation>每节点 GPU 数(&amp;J)</translation>
    </message>
    <message>
        <source>GPUs sharing one server&apos;s NVLink or PCIe; &quot;catalogue&quot; uses each GPU&apos;s own (8 on HGX boards)</source>
        <translation>共享一台服务器 NVLink 或 PCIe 的 GPU 数；“目录值”使用每个 GPU 自己的值（HGX 板为 8）</translation>
    </message>
    <message>
        <source>400 Gb/s InfiniBand NDR</source>
        <translation>400 Gb/s InfiniBand NDR</translation>
    </message>
    <message>
        <source>200 Gb/s (HDR)</source>
        <translation>200 Gb/s（HDR）</translation>
    </message>
    <message>
        <source>100 GbE</source>
        <translation>100 GbE</translation>
    </message>
    <message>
        <source>One node only</source>
        <translation>仅单节点</translation>
    </message>
    <message>
        <source>The network between nodes, per GPU, each way; type another value in Gb/s</source>
        <translation>节点间网络，每 GPU 单向；可输入其他 Gb/s 数值</translation>
    </message>
    <message>
        <source>Net&amp;work between nodes</source>
        <translation>节点间网络(&amp;W)</translation>
    </message>
    <message>
        <source>For mixture-of-experts models: this one has no experts</source>
        <translation>用于混合专家模型：此模型没有专家</translation>
    </message>
    <message>
        <source>Ma&amp;x running</source>
        <translation>最多运行数(&amp;X)</translation>
    </message>
    <message>
        <source>profile</source>
        <translation>按配置</translation>
    </message>
    <message>
        <source>The serving engine&apos;s most running sequences per replica; &quot;profile&quot; uses the efficiency profile&apos;s</source>
        <translation>服务引擎每个副本最多同时运行的序列数；“按配置”使用效率配置中的值</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> token</translation>
    </message>
    <message>
        <source>Tokens to train on, for the days and GPU-hours of the run</source>
        <translation>用于训练的 token 数，用于计算训练天数和 GPU 小时</translation>
    </message>
    <message>
        <source>Takes %1.</source>
        <translation>需要 %1。</translation>
    </message>
    <message>
        <source>Request &amp;lengths</source>
        <translation>请求长度(&amp;L)</translation>
    </message>
    <message>
        <source>fixed: input + output</source>
        <translation>固定：输入 + 输出</translation>
    </message>
    <message>
        <source>random, ±10%</source>
        <translation>随机，±10%</translation>
    </message>
    <message>
        <source>random, ±50%</source>
        <translation>随机，±50%</translation>
    </message>
    <message>
        <source>ShareGPT mix</source>
        <translation>ShareGPT 分布</translation>
    </message>
    <message>
        <source>The requests&apos; lengths, as vllm bench serve&apos;s datasets: every request the input and output tokens; random lengths around them; or the bundled ShareGPT table&apos;s (its own lengths)</source>
        <translation>请求长度，与 vllm bench serve 的数据集一致：每个请求使用输入和输出 token 数；在其附近随机取值；或内置 ShareGPT 表的长度</translation>
    </message>
    <message>
        <source>recipe: auto</source>
        <translation>配方：自动</translation>
    </message>
    <message>
        <source>max</source>
        <translation>max</translation>
    </message>
    <message>
        <source>Requests served at once by all the GPUs together, split evenly over the model&apos;s replicas; &quot;max&quot; for as many as fit</source>
        <translation>所有 GPU 同时服务的请求数，平均分配到模型的各个副本；&quot;max&quot; 表示能容纳的最大数量</translation>
    </message>
    <message>
        <source>A custom model from %1</source>
        <translation>来自 %1 的自定义模型</translation>
    </message>
    <message>
        <source> years</source>
        <translation> 年</translation>
    </message>
    <message>
        <source>rent</source>
        <translation>租用</translation>
    </message>
    <message>
        <source>Own the cards</source>
        <translation>自有显卡</translation>
    </message>
    <message>
        <source>You own the cards: each GPU&apos;s launch price spread over these years of round-the-clock use, plus electricity at its estimated power. &quot;rent&quot;: rental prices; a GPU without one is costed as owned over %1 years</source>
        <translation>显卡为自有：每个 GPU 的首发价格按这些年昼夜不停的使用分摊，另加其估算功耗下的电费。“租用”：使用租用价格；没有租用价格的 GPU 按自有计算，分摊 %1 年</translation>
    </message>
    <message>
        <source>Mat&amp;h precision</source>
        <translation>计算精度(&amp;H)</translation>
    </message>
    <message>
        <source>The precision of the math; it selects the tensor-core rate (the weights&apos; by default)</source>
        <translation>计算所用的精度，决定张量核心的速率（默认与权重相同）</translation>
    </message>
    <message>
        <source>Optimiz&amp;er</source>
        <translation>优化器(&amp;E)</translation>
    </message>
    <message>
        <source>Adam</source>
        <translation>Adam</translation>
    </message>
    <message>
        <source>8-bit Adam</source>
        <translation>8 位 Adam</translation>
    </message>
    <message>
        <source>Adam keeps two fp32 moments per trained parameter (12 bytes with the fp32 master weights); 8-bit Adam keeps them in 8 bits (6 bytes)</source>
        <translation>Adam 为每个训练参数保留两个 fp32 动量（连同 fp32 主权重共 12 字节）；8 位 Adam 以 8 位保存它们（6 字节）</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA 秩</translation>
    </message>
    <message>
        <source>LoRA and QLoRA: the adapters&apos; rank</source>
        <translation>LoRA 与 QLoRA：适配器的秩</translation>
    </message>
    <message>
        <source>network &apos;%1&apos;: give Gb/s per GPU (400 for InfiniBand NDR), or 0 for one node only</source>
        <translation>网络“%1”：请给出每 GPU 的 Gb/s（InfiniBand NDR 为 400），或 0 表示仅单节点</translation>
    </message>
    <message>
        <source>Dropless</source>
        <translation>无丢弃</translation>
    </message>
    <message>
        <source>Forced balance</source>
        <translation>强制均衡</translation>
    </message>
    <message>
        <source>Models with experts: dropless keeps the router&apos;s choice, so the busiest expert GPU sets the pace (Megatron-Core&apos;s default); forced balance gives every expert its even share, the upper bound benchmarks quote</source>
        <translation>含专家的模型：无丢弃路由保留路由器的选择，因此最忙的专家 GPU 决定速度（Megatron-Core 的默认设置）；强制均衡让每个专家分得均等份额，即基准测试所报的上限</translation>
    </message>
    <message>
        <source>Tensorwise</source>
        <translation>逐张量</translation>
    </message>
    <message>
        <source>Delayed</source>
        <translation>延迟缩放</translation>
    </message>
    <message>
        <source>MXFP8</source>
        <translation>MXFP8</translation>
    </message>
    <message>
        <source>Blockwise</source>
        <translation>分块</translation>
    </message>
    <message>
        <source>FP8 math: how tensors are scaled to 8 bits (Megatron-LM&apos;s --fp8-recipe). Tensorwise reads each input once more to find its scale; MXFP8 needs B200, B300, GB200 or GB300</source>
        <translation>FP8 计算：张量如何缩放到 8 位（即 Megatron-LM 的 FP8 方案选项）。逐张量缩放为求缩放因子需多读一遍每个输入；MXFP8 需要 B200、B300、GB200 或 GB300</translation>
    </message>
    <message>
        <source>Expert routing</source>
        <translation>专家路由</translation>
    </message>
    <message>
        <source>MTP modules</source>
        <translation>MTP 模块</translation>
    </message>
    <message>
        <source>model&apos;s</source>
        <translation>模型自带</translation>
    </message>
    <message>
        <source>Multi-token-prediction modules trained beside the model (DeepSeek-V3: 1); &quot;model&apos;s&quot; uses the model&apos;s own, 0 turns them off</source>
        <translation>与模型一同训练的多 token 预测模块（DeepSeek-V3：1）；“模型自带”使用模型自身的设置，0 表示关闭</translation>
    </message>
    <message>
        <source>FP8 scaling</source>
        <translation>FP8 缩放</translation>
    </message>
    <message>
        <source>GPUs the experts of a mixture-of-experts model are split over; &quot;auto&quot; searches none and 8 to 64, as the recipe</source>
        <translation>混合专家模型的专家所分布的 GPU 数；“自动”按配方在不拆分和 8 到 64 之间搜索</translation>
    </message>
    <message>
        <source>Serving: split the experts over the tensor-parallel GPUs (vLLM --enable-expert-parallel); equal to tensor parallel. &quot;auto&quot;: none</source>
        <translation>推理服务：把专家分布到张量并行的各 GPU 上（vLLM --enable-expert-parallel）；须等于张量并行度。“自动”：不拆分</translation>
    </message>
    <message>
        <source>vllm bench serve</source>
        <translation>vllm bench serve</translation>
    </message>
    <message>
        <source>GenAI-Perf</source>
        <translation>GenAI-Perf</translation>
    </message>
    <message>
        <source>AIPerf</source>
        <translation>AIPerf</translation>
    </message>
    <message>
        <source>Which requests the figures count, as the benchmark tool you compare with does: vllm bench serve (and InferenceX) every request from a cold start; GenAI-Perf once the requests in flight are steady; AIPerf all but its warm-up requests</source>
        <translation>按所对比的基准工具的方式统计哪些请求：vllm bench serve（及 InferenceX）从冷启动起统计每个请求；GenAI-Perf 在在途请求稳定后才统计；AIPerf 统计除预热请求外的全部请求</translation>
    </message>
    <message>
        <source>Counted as</source>
        <translation>统计方式</translation>
    </message>
    <message>
        <source>none: the GPUs picked</source>
        <translation>无：所选的 GPU</translation>
    </message>
    <message>
        <source>A server or rack as it is sold and rented: its GPU is compared (in place of the GPUs picked), with its GPUs per node, network, NVLink domain and prices</source>
        <translation>按销售和租用形式的服务器或机架：比较其 GPU（代替所选的 GPU），采用其每节点 GPU 数、网络、NVLink 域和价格</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>NVFP4</source>
        <translation>NVFP4</translation>
    </message>
    <message>
        <source>BF16 blocks</source>
        <translation>BF16 块</translation>
    </message>
    <message>
        <source>Training at FP8 or NVFP4: transformer blocks kept in BF16 (Megatron&apos;s --first-last-layers-bf16)</source>
        <translation>FP8 或 NVFP4 训练：保留为 BF16 的 Transformer 块（Megatron 的 --first-last-layers-bf16）</translation>
    </message>
</context>
<context>
    <name>WorkloadRequestJson</name>
    <message>
        <source>a list or an object</source>
        <translation>列表或对象</translation>
    </message>
    <message>
        <source>workload.%1: %2 is not a whole number</source>
        <translation>workload.%1：%2 不是整数</translation>
    </message>
    <message>
        <source>workload.%1: %2 is not a number</source>
        <translation>workload.%1：%2 不是数字</translation>
    </message>
    <message>
        <source>workload.%1: %2 is not text</source>
        <translation>workload.%1：%2 不是文本</translation>
    </message>
    <message>
        <source>workload.%1: %2 is not one of the names it takes</source>
        <translation>workload.%1：%2 不是它接受的名称</translation>
    </message>
    <message>
        <source>workload.%1: not a value of a workload</source>
        <translation>workload.%1：不是工作负载的值</translation>
    </message>
</context>
<context>
    <name>WorkloadResolver</name>
    <message>
        <source>unknown model &apos;%1&apos;; presets: %2</source>
        <translation>未知模型“%1”；预设：%2</translation>
    </message>
    <message>
        <source>unknown model &apos;%1&apos;; close matches: %2</source>
        <translation>未知模型“%1”；相近的：%2</translation>
    </message>
    <message>
        <source>applies to %1 only, not to %2</source>
        <translation>仅适用于%1，不适用于%2</translation>
    </message>
    <message>
        <source>training, LoRA and QLoRA</source>
        <translation>训练、LoRA 和 QLoRA</translation>
    </message>
    <message>
        <source>precision %1: QLoRA trains over a 4-bit base (int4 as NF4, or a 4-bit GGUF); for a 16-bit base choose LoRA</source>
        <translation>精度 %1：QLoRA 在 4 位基座上训练（int4 即 NF4，或 4 位 GGUF）；16 位基座请选 LoRA</translation>
    </message>
    <message>
        <source>inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>LoRA and QLoRA</source>
        <translation>LoRA 和 QLoRA</translation>
    </message>
    <message>
        <source>profile &apos;%1&apos;: allowed %2</source>
        <translation>效率配置“%1”：允许 %2</translation>
    </message>
    <message>
        <source>full training</source>
        <translation>全量训练</translation>
    </message>
    <message>
        <source>LoRA fine-tune</source>
        <translation>LoRA 微调</translation>
    </message>
    <message>
        <source>QLoRA fine-tune</source>
        <translation>QLoRA 微调</translation>
    </message>
    <message>
        <source>int4 (NF4)</source>
        <translation>int4 (NF4)</translation>
    </message>
    <message>
        <source>tp x pp, else 1</source>
        <translation>tp x pp，否则为 1</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>each GPU&apos;s catalogue price</source>
        <translation>各 GPU 的目录价格</translation>
    </message>
    <message>
        <source>bf16; int4 (NF4) for qlora</source>
        <translation>bf16；qlora 为 int4 (NF4)</translation>
    </message>
    <message>
        <source>follows the weights: bf16 for 16-bit floats, int8 for int8, fp16 for int4 and GGUF</source>
        <translation>随权重：16 位浮点为 bf16，int8 为 int8，int4 和 GGUF 为 fp16</translation>
    </message>
    <message>
        <source>follows the math precision</source>
        <translation>随计算精度</translation>
    </message>
    <message>
        <source>1 request in flight (inference); %1 sequences per GPU (training)</source>
        <translation>1 个并发请求（推理）；每 GPU %1 个序列（训练）</translation>
    </message>
    <message>
        <source>%1 base, %2 math</source>
        <translation>%1 基座，%2 计算</translation>
    </message>
    <message>
        <source>as many requests in flight as fit</source>
        <translation>可容纳的最多并发请求</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) in flight</source>
        <translation>
            <numerusform>%n 个并发请求</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 + %2 tokens</source>
        <translation>%1 + %2 个 token</translation>
    </message>
    <message>
        <source>%1-token sequences</source>
        <translation>%1 token 的序列</translation>
    </message>
    <message>
        <source>global batch %1 in micro-batches of %2</source>
        <translation>全局批大小 %1，微批 %2</translation>
    </message>
    <message>
        <source>ZeRO-%1</source>
        <translation>ZeRO-%1</translation>
    </message>
    <message>
        <source>%1 recompute</source>
        <translation>%1重计算</translation>
    </message>
    <message>
        <source>Adam</source>
        <translation>Adam</translation>
    </message>
    <message>
        <source>8-bit Adam</source>
        <translation>8 位 Adam</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>秩 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s)</source>
        <translation>
            <numerusform>%n 个 GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>TP %1 x PP %2</source>
        <translation>TP %1 x PP %2</translation>
    </message>
    <message>
        <source>no</source>
        <translation>不</translation>
    </message>
    <message>
        <source>selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <source>full</source>
        <translation>完全</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>needs concurrent users or a request rate</source>
        <translation>需要并发用户或请求速率</translation>
    </message>
    <message>
        <source>batch %1 with %2 concurrent users: the users are the requests in flight; leave the batch out</source>
        <translation>批大小 %1 与 %2 个并发用户：用户即并发请求；请不要给出批大小</translation>
    </message>
    <message>
        <source>requests</source>
        <translation>请求数</translation>
    </message>
    <message>
        <source>max running sequences</source>
        <translation>最多运行序列数</translation>
    </message>
    <message>
        <source>max batched tokens</source>
        <translation>每步最多 token 数</translation>
    </message>
    <message>
        <source>none: one batch, no load</source>
        <translation>无：单个批次，无负载</translation>
    </message>
    <message>
        <source>10 per user, 200 to 2,000</source>
        <translation>每用户 10 个，200 到 2,000</translation>
    </message>
    <message>
        <source>the profile&apos;s</source>
        <translation>按效率配置</translation>
    </message>
    <message numerus="yes">
        <source>%n concurrent user(s)</source>
        <translation>
            <numerusform>%n 个并发用户</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 requests/s</source>
        <translation>每秒 %1 个请求</translation>
    </message>
    <message>
        <source>TTFT p90 ≤ %1 ms</source>
        <translation>TTFT p90 ≤ %1 ms</translation>
    </message>
    <message>
        <source>TPOT p90 ≤ %1 ms</source>
        <translation>TPOT p90 ≤ %1 ms</translation>
    </message>
    <message>
        <source>give the batch or the global batch, not both</source>
        <translation>请给出批次或全局批次，不要同时给出</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) fit in one node, which uses no network; leave the network out</source>
        <translation>
            <numerusform>%n 个 GPU 可放在一个节点内，不使用网络；请去掉网络设置</numerusform>
        </translation>
    </message>
    <message>
        <source>each GPU&apos;s catalogue value</source>
        <translation>每个 GPU 的目录值</translation>
    </message>
    <message>
        <source>%1 sequences per GPU</source>
        <translation>每 GPU %1 个序列</translation>
    </message>
    <message>
        <source>%1 %2: allowed %3 to %4</source>
        <translation>%1 %2：允许范围 %3 至 %4</translation>
    </message>
    <message>
        <source>%1 = %2 GPUs: allowed up to %3 GPUs</source>
        <translation>%1 = %2 个 GPU：最多允许 %3 个 GPU</translation>
    </message>
    <message>
        <source>tp %1: must divide the model&apos;s %2 attention heads (each GPU holds a whole number of them)</source>
        <translation>tp %1：必须整除模型的 %2 个注意力头（每个 GPU 持有整数个注意力头）</translation>
    </message>
    <message>
        <source>tp %1: the model&apos;s %2 KV heads must divide among the GPUs, or the GPUs among them</source>
        <translation>tp %1：模型的 %2 个 KV 头必须能在 GPU 之间整除分配，或 GPU 数能被 KV 头数整除</translation>
    </message>
    <message>
        <source>dataset sharegpt: the bundled table is missing</source>
        <translation>数据集 sharegpt：缺少内置表</translation>
    </message>
    <message>
        <source>dataset &apos;%1&apos;: allowed fixed, random, sharegpt or a CSV/JSONL file of input_tokens, output_tokens (and arrival_s); no such file</source>
        <translation>数据集“%1”：允许 fixed、random、sharegpt，或包含 input_tokens、output_tokens（及 arrival_s）的 CSV/JSONL 文件；文件不存在</translation>
    </message>
    <message>
        <source>dataset %1 sets every request&apos;s lengths; leave the input and output tokens out (or use --dataset random)</source>
        <translation>数据集 %1 决定每个请求的长度；请不要给出输入和输出 token 数（或使用 --dataset random）</translation>
    </message>
    <message>
        <source>1 (Poisson)</source>
        <translation>1（泊松）</translation>
    </message>
    <message>
        <source>the trace&apos;s arrivals</source>
        <translation>按轨迹的到达时间</translation>
    </message>
    <message>
        <source>random lengths around %1 (±%2%)</source>
        <translation>%1 附近的随机长度（±%2%）</translation>
    </message>
    <message>
        <source>%1 lengths, mean %2</source>
        <translation>%1 长度，平均 %2</translation>
    </message>
    <message>
        <source>training: the fastest that fits, 1, 2 or 3 (0 for lora and qlora)</source>
        <translation>训练：能放下的最快者，1、2 或 3（lora 和 qlora 为 0）</translation>
    </message>
    <message>
        <source>training: the least that fits the fastest recipe (full for lora and qlora)</source>
        <translation>训练：最快配方中能放下的最少重计算（lora 和 qlora 为 full）</translation>
    </message>
    <message>
        <source>training: the fastest of 1, 2, 4 and 8 that fits</source>
        <translation>训练：1、2、4、8 中能放下的最快者</translation>
    </message>
    <message>
        <source>global batch %1</source>
        <translation>全局批大小 %1</translation>
    </message>
    <message>
        <source>the fastest recipe that fits each GPU</source>
        <translation>每种 GPU 能放下的最快配方</translation>
    </message>
    <message>
        <source>%1 layers: a stage of a pipeline needs at least 1 layer and --pp 2 or more</source>
        <translation>%1 层：流水线的每个阶段至少需要 1 层，并且需要 --pp 2 或以上</translation>
    </message>
    <message>
        <source>an even split</source>
        <translation>均匀划分</translation>
    </message>
    <message>
        <source>give a rental price or the years you own the cards for, not both</source>
        <translation>请给出租用价格或显卡的自有年数，不能同时给出</translation>
    </message>
    <message>
        <source>from how busy the GPU is</source>
        <translation>按 GPU 的繁忙程度</translation>
    </message>
    <message>
        <source>%1 years, for a GPU without a rental price</source>
        <translation>%1 年，用于没有租用价格的 GPU</translation>
    </message>
    <message>
        <source>%1 %2: allowed %3 or more</source>
        <translation>%1 %2：允许 %3 或更大</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>GPUs per node %1: allowed %2 to %3</source>
        <translation>每节点 GPU 数 %1：允许 %2 到 %3</translation>
    </message>
    <message>
        <source>concurrent users %1: allowed %2 to %3</source>
        <translation>并发用户 %1：允许 %2 到 %3</translation>
    </message>
    <message>
        <source>mtp layers %1: allowed %2 to %3</source>
        <translation>MTP 层数 %1：允许范围 %2 至 %3</translation>
    </message>
    <message>
        <source>the model&apos;s own</source>
        <translation>模型自带</translation>
    </message>
    <message>
        <source>vllm for inference; fsdp for training on 2 or more GPUs (megatron for a model with experts), pytorch-amp on one GPU and for lora and qlora</source>
        <translation>推理用 vllm；2 个及以上 GPU 的训练用 fsdp（含专家的模型用 megatron），单 GPU 以及 lora 和 qlora 用 pytorch-amp</translation>
    </message>
    <message>
        <source>dropless routing</source>
        <translation>无丢弃路由</translation>
    </message>
    <message>
        <source>forced balanced routing</source>
        <translation>强制均衡路由</translation>
    </message>
    <message numerus="yes">
        <source>%n MTP module(s)</source>
        <translation>
            <numerusform>%n 个 MTP 模块</numerusform>
        </translation>
    </message>
    <message>
        <source>FP8 %1 scaling</source>
        <translation>FP8 %1 缩放</translation>
    </message>
    <message>
        <source>dropless</source>
        <translation>无丢弃</translation>
    </message>
    <message>
        <source>a model with experts: the fastest of 1 and 8 to 64</source>
        <translation>含专家的模型：在 1 和 8 到 64 之中取最快者</translation>
    </message>
    <message>
        <source>auto: mxfp8 on B200, B300, GB200, GB300 and MI355X, tensorwise on other GPUs</source>
        <translation>自动：B200、B300、GB200、GB300 和 MI355X 上用 mxfp8，其他 GPU 上用 tensorwise</translation>
    </message>
    <message>
        <source>harness %1: allowed %2</source>
        <translation>统计方式 %1：允许 %2</translation>
    </message>
    <message>
        <source>unknown system &apos;%1&apos;; `gpucompare list --systems` names them</source>
        <translation>未知系统“%1”；`gpucompare list --systems` 列出可用系统</translation>
    </message>
    <message>
        <source>none: each GPU&apos;s own node size and the default network</source>
        <translation>无：各 GPU 自身的节点规模和默认网络</translation>
    </message>
    <message>
        <source>disaggregated serving needs --prefill-workers, --prefill-gpus, --decode-workers and --decode-gpus</source>
        <translation>分离式服务需要 --prefill-workers、--prefill-gpus、--decode-workers 和 --decode-gpus</translation>
    </message>
    <message>
        <source>disaggregated serving is simulated under load: give concurrent users or a request rate</source>
        <translation>分离式服务在负载下模拟：请给出并发用户数或请求速率</translation>
    </message>
    <message>
        <source>disaggregated serving counts its GPUs from its pools (%1 in all): leave the GPU count out</source>
        <translation>分离式服务的 GPU 数由其池计算（共 %1 个）：请不填 GPU 数</translation>
    </message>
    <message>
        <source>%1 GPUs in the two pools: allowed up to %2</source>
        <translation>两个池共 %1 个 GPU：最多允许 %2 个</translation>
    </message>
    <message>
        <source>disaggregated workers run without a pipeline: leave pp out</source>
        <translation>分离式工作节点不使用流水线：请不填 pp</translation>
    </message>
    <message>
        <source>tp %1 does not divide the %2 GPUs of a %3</source>
        <translation>tp %1 不能整除%3的 %2 个 GPU</translation>
    </message>
    <message>
        <source>ep %1: a multiple of tp %2 that divides the %3 GPUs of a %4</source>
        <translation>ep %1：须为 tp %2 的倍数且能整除%4的 %3 个 GPU</translation>
    </message>
    <message>
        <source>prefill worker</source>
        <translation>预填充工作节点</translation>
    </message>
    <message>
        <source>decode worker</source>
        <translation>解码工作节点</translation>
    </message>
    <message>
        <source>acceptance rate %1: allowed 0 to 1</source>
        <translation>接受率 %1：允许 0 到 1</translation>
    </message>
    <message>
        <source>applies to speculative decoding: choose a method (%1)</source>
        <translation>用于推测解码：请选择方法（%1）</translation>
    </message>
    <message>
        <source>speculative %1: allowed %2</source>
        <translation>推测解码 %1：允许 %2</translation>
    </message>
    <message>
        <source>no speculative decoding drafts nothing: leave it out</source>
        <translation>不使用推测解码时没有草稿：请不填此项</translation>
    </message>
    <message>
        <source>speculative decoding is simulated under load: give concurrent users or a request rate</source>
        <translation>推测解码在负载下模拟：请给出并发用户数或请求速率</translation>
    </message>
    <message>
        <source>mtp drafts with the model&apos;s own multi-token-prediction module, and %1 has none (num_nextn_predict_layers): choose eagle3 or ngram</source>
        <translation>mtp 使用模型自带的多 token 预测模块起草，而 %1 没有（num_nextn_predict_layers）：请选择 eagle3 或 ngram</translation>
    </message>
    <message>
        <source>n-gram drafts are accepted as often as the output repeats the prompt, which no published figure fits: give the acceptance rate</source>
        <translation>n-gram 草稿的接受率取决于输出重复提示的程度，没有公开数据可用：请给出接受率</translation>
    </message>
    <message>
        <source>fp8 recipe nvfp4 runs the matmuls in nvfp4, not %1: leave the activation precision out or set nvfp4</source>
        <translation>fp8 配方 nvfp4 以 nvfp4 运行矩阵乘，而不是 %1：请不填激活精度或设为 nvfp4</translation>
    </message>
    <message>
        <source>bf16 layers %1: allowed %2 to %3</source>
        <translation>bf16 层数 %1：允许 %2 到 %3</translation>
    </message>
    <message>
        <source>none: one pool (aggregated)</source>
        <translation>无：单一池（聚合式）</translation>
    </message>
    <message>
        <source>the prefill worker&apos;s GPUs</source>
        <translation>预填充工作节点的 GPU</translation>
    </message>
    <message>
        <source>mtp 1, eagle3 and ngram 3</source>
        <translation>mtp 为 1，eagle3 和 ngram 为 3</translation>
    </message>
    <message>
        <source>mtp 0.875 (DeepSeek-V3&apos;s report), eagle3 0.9 (EAGLE-3&apos;s paper); ngram: none, give it</source>
        <translation>mtp 0.875（DeepSeek-V3 报告），eagle3 0.9（EAGLE-3 论文）；ngram：无，请给出</translation>
    </message>
    <message numerus="yes">
        <source>%n block(s) kept in BF16</source>
        <translation>
            <numerusform>%n 个块保留为 BF16</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WriteTransaction</name>
    <message>
        <source>cannot start a write transaction</source>
        <translation>无法开始写入事务</translation>
    </message>
    <message>
        <source>cannot save</source>
        <translation>无法保存</translation>
    </message>
</context>
</TS>
