// The plans as JMeter runs them (target/plans), from the plans as they are written (src/test/jmeter). A plan holds
// one thread group per kind of unit; the comment of a group that stands for many says how many, and over what:
//
//   repeat path = mysql-offset, mongo-offset for 10 groups; repeat step = 1..8
//
// repeats this group and the 9 groups after it once per path, with {{path}} in their text replaced by the path and
// {{path#}} by its position (0, 1, ...); the next "repeat" in the comment then applies to the copies (here: the group
// itself, once per step 1 to 8). A repeat over several names takes a value of as many words each:
// "repeat path store = mysql-offset mysql, mongo-offset mongo". A comment repeats "for 1 group" unless it says
// otherwise. Adding a room size, a path or a ladder step is one edit of one comment. A collection entry JMeter keys by
// the hash of its text gets the hash of the filled-in text, as the GUI would save it. A plan binds a setting with
// ${__P(name)}; it runs with ${__P(name,<default>)}, the default from src/build/settings.properties. Run by gmavenplus
// at generate-resources, with the scripts folder copied beside the plans; rounds.groovy runs them from target/plans.
static String comment() { '<stringProp name="TestPlan.comments">' }

/** The lines of a plan, the test plan's children (element and hash tree) apart. */
static Map split(String plan) {
    def lines = plan.split('\n', -1) as List<String>
    int open = lines.findIndexOf { it == '    <hashTree>' }
    int close = lines.findLastIndexOf { it == '    </hashTree>' }
    if (open < 0 || close < open) throw new IllegalArgumentException('not a JMeter plan: no test plan hash tree')
    def items = []
    lines.subList(open + 1, close).each { line ->
        if (items.isEmpty() || (line ==~ /^ {6}<(?!\/)(?!hashTree).*/)) items << [line] else items[-1] << line
    }
    [head: lines.subList(0, open + 1), items: items, tail: lines.subList(close, lines.size())]
}

/** The values a marker lists: "a, b, c" or a range "1..8". */
static List<String> values(String list) {
    def range = list =~ /^(\d+)\.\.(\d+)$/
    if (range.matches()) return ((range.group(1) as int)..(range.group(2) as int)).collect { it as String }
    list.split(',').collect { it.trim().split(/\s+/).join(' ') }.findAll { it }
}

/** A collection entry keyed by the hash of its text, rekeyed for the text it holds now. */
static String rehash(String line) {
    def m = line =~ /^(\s*)<stringProp name="-?\d+">([^<]*)<\/stringProp>$/
    if (!m.matches()) return line
    def text = m.group(2).replace('&apos;', "'").replace('&quot;', '"').replace('&lt;', '<').replace('&gt;', '>').replace('&amp;', '&')
    "${m.group(1)}<stringProp name=\"${text.hashCode()}\">${m.group(2)}</stringProp>"
}

/** A line with the placeholders of the repeat over [names] filled in for the value [value] at [index]. */
static String fill(String line, List<String> names, String value, int index) {
    if (!line.contains('{{')) return line
    def words = value.split(' ')
    def out = line
    names.eachWithIndex { name, i -> out = out.replace("{{$name}}", words[i]) }
    rehash(out.replace("{{${names[0]}#}}", index as String))
}

/** The first repeat of an item's comment ([name, values, groups, the item without it]), or null. */
static List repeatOf(List<String> item) {
    int at = item.findIndexOf { it.startsWith('        ' + comment() + 'repeat ') }
    if (at < 0) return null
    def text = item[at].trim().substring(comment().length()).replace('</stringProp>', '')
    def parts = text.split(';').collect { it.trim() }
    def m = parts[0] =~ /^repeat ([\w ]+?) = (.+?)(?: for (\d+) groups?)?$/
    if (!m.matches()) throw new IllegalArgumentException("not a repeat: ${parts[0]}")
    def rest = new ArrayList<String>(item)
    if (parts.size() > 1) rest[at] = '        ' + comment() + parts.drop(1).join('; ') + '</stringProp>' else rest.remove(at)
    [m.group(1), values(m.group(2)), (m.group(3) ?: '1') as int, rest]
}

static List<List<String>> expandItems(List<List<String>> items) {
    def out = []
    int i = 0
    while (i < items.size()) {
        def repeat = repeatOf(items[i])
        if (repeat == null) { out << items[i]; i++; continue }
        def (String name, List<String> vals, int groups, List<String> first) = repeat
        if (i + groups > items.size()) throw new IllegalArgumentException("repeat $name for $groups groups: only ${items.size() - i} left")
        def block = [first] + items.subList(i + 1, i + groups)
        def names = name.split(' ') as List<String>
        def odd = vals.find { it.split(' ').size() != names.size() }
        if (odd != null) throw new IllegalArgumentException("repeat $name: '$odd' is not ${names.size()} words")
        vals.eachWithIndex { v, k -> out.addAll(expandItems(block.collect { it.collect { line -> fill(line, names, v, k) } })) }
        i += groups
    }
    out
}

/** A plan with every repeat carried out and every setting's default filled in; it fails on what it cannot fill. */
static String expand(String plan, Map<String, String> defaults) {
    def parts = split(plan)
    def text = (parts.head + expandItems(parts.items).flatten() + parts.tail).join('\n')
    def left = text =~ /\{\{\w+#?}}/
    if (left.find()) throw new IllegalArgumentException("no repeat fills ${left.group()}")
    text.replaceAll(/\$\{__P\(([\w.]+)\)}/) { all, String name ->
        if (!defaults.containsKey(name)) throw new IllegalArgumentException("the plan reads $name, which src/build/settings.properties does not define")
        def value = defaults[name].replace('\\', '\\\\').replace(',', '\\,').replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')
        '${__P(' + name + ',' + value + ')}'
    }
}

if (binding.hasVariable('project')) {
    def from = new File(project.basedir, 'src/test/jmeter')
    def defaults = new Properties()
    new File(project.basedir, 'src/build/settings.properties').withReader('UTF-8') { defaults.load(it) }
    def settings = defaults.collectEntries { k, v -> [k as String, v as String] }
    def to = new File(project.build.directory, 'plans')
    to.deleteDir()
    from.eachFileRecurse(groovy.io.FileType.FILES) { file ->
        def target = new File(to, from.toPath().relativize(file.toPath()).toString())
        target.parentFile.mkdirs()
        if (file.name.endsWith('.jmx')) target.setText(expand(file.getText('UTF-8'), settings), 'UTF-8') else target.bytes = file.bytes
    }
    log.info("plans: ${from.listFiles().count { it.name.endsWith('.jmx') }} expanded into $to")
}
this
