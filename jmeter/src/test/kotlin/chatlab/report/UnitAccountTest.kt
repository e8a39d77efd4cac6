package chatlab.report

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.within
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import java.time.Instant

class UnitAccountTest {
    private val smoke = Path.of(javaClass.getResource("/fixtures/smoke")!!.toURI())

    @Test
    fun `a unit spans from its drain mark to the next one of the same plan, round after round`() {
        val units = UnitAccount.read(smoke.resolve("results/units.csv"))
        assertThat(units.map { it.plan }.groupingBy { it }.eachCount()).isEqualTo(mapOf("history" to 3 * 19, "sends" to 3 * 6))
        assertThat(units.filter { it.plan == "history" }.map { it.unit }.distinct()).hasSize(19).doesNotContain(UnitAccount.END)
        assertThat(units.groupBy { it.unit }.values).allMatch { list -> list.map { it.round } == listOf(1, 2, 3) }
        val marks = Files.readAllLines(smoke.resolve("results/units.csv")).drop(1).map { it.split(',') }
        val first = units.first()
        assertThat(first.unit).isEqualTo("reference mysql-offset")
        assertThat(first.seconds).isCloseTo((marks[1][2].toLong() - marks[0][2].toLong()) / 1000.0, within(1e-9))
        assertThat(first.serverCpu).isCloseTo(marks[1][5].toDouble() - marks[0][5].toDouble(), within(1e-9))
        assertThat(first.drainMs).isEqualTo(marks[1][3].toLong())
        // JMeter runs each plan and round in its own process: its CPU is never subtracted across processes.
        assertThat(units).allMatch { it.jmeterCpu >= 0 && it.serverCpu >= 0 && it.seconds > 0 }
        assertThat(UnitColumns.summary(units)).contains("shared by the server, its backends and JMeter")
        assertThat(UnitColumns.budget(units)).anySatisfy { assertThat(it).startsWith("history, capacity: ").contains("over 3 rounds") }
    }

    @Test
    fun `the load time is held against the budget, all plans from first unit to last and history plus sends by their own spans`(@TempDir dir: Path) {
        val file = dir.resolve("units.csv")
        val minute = 60_000L
        Files.writeString(
            file,
            "plan,unit,idleAt,waitedMs,idle,serverCpuS,backendsCpuS,jmeterCpuS,cores,serverCpus,jmeterCpus\n" +
                "history,a,${1 * minute},10,true,1,0,0,2,0-1,0-1\nhistory,end,${9 * minute},10,true,1,0,0,2,0-1,0-1\n" +
                "sends,b,${10 * minute},10,true,1,0,0,2,0-1,0-1\nsends,end,${17 * minute},10,true,1,0,0,2,0-1,0-1\n" +
                "seats,c,${18 * minute},10,true,1,0,0,2,0-1,0-1\nseats,end,${28 * minute},10,true,1,0,0,2,0-1,0-1\n",
        )
        val units = UnitAccount.read(file)
        assertThat(UnitColumns.budgetCheck(units)).startsWith("Load time, from the first measured unit to the last: 27.0 min (budget 25 min: OVER); history + sends: 15.0 min (budget 15 min: within)")
        assertThat(UnitColumns.budgetCheck(units.filter { it.plan == "seats" })).startsWith("Load time, from the first measured unit to the last: 10.0 min (budget 25 min: within).")
        assertThat(UnitColumns.budgetCheck(emptyList())).isNull()
    }

    @Test
    fun `a run with other load settings gets its load time without a budget verdict`(@TempDir dir: Path) {
        val file = dir.resolve("units.csv")
        Files.writeString(file, "plan,unit,idleAt,waitedMs,idle,serverCpuS,backendsCpuS,jmeterCpuS,cores,serverCpus,jmeterCpus\n" +
            "fanout,a,60000,10,true,1,0,0,2,0-1,0-1\nfanout,end,${88 * 60_000L},10,true,1,0,0,2,0-1,0-1\n")
        val defaults = mapOf("warmUpSeconds" to "30", "fanoutStepSeconds" to "2", "slo" to "50", "sqlitePaths" to "true", "port" to "8080")
        val thorough = mapOf("warmUpSeconds" to "60", "fanoutStepSeconds" to "4", "slo" to "50", "sqlitePaths" to "false")
        val changed = UnitColumns.changed(thorough, defaults)

        assertThat(changed).containsExactly("warmUpSeconds", "fanoutStepSeconds")
        assertThat(UnitColumns.changed(defaults - "port", defaults)).isEmpty()
        assertThat(UnitColumns.budgetCheck(UnitAccount.read(file), changed))
            .startsWith("Load time, from the first measured unit to the last: 87.0 min. The main command's budget")
            .contains("this run changed 2 of them (warmUpSeconds, fanoutStepSeconds)").doesNotContain("OVER")
    }

    @Test
    fun `a unit shows the store it started on and what it sent, which the restore after it removed`(@TempDir dir: Path) {
        val file = dir.resolve("units.csv")
        val head = "plan,unit,idleAt,waitedMs,idle,serverCpuS,backendsCpuS,jmeterCpuS,cores,serverCpus,jmeterCpus,machineBusyS,stealS,engines,probeMs,removedMessages,storeMessages\n"
        Files.writeString(
            file,
            head + "sends,a,1000,10,true,1,0,0,2,0-1,0-1,,,1,17,0,200000\nsends,b,3000,10,true,2,0,0,2,0-1,0-1,,,1,17,1200,200000\n" +
                "sends,end,4000,10,true,3,0,0,2,0-1,0-1,,,1,17,300,200000\nseats,c,5000,10,true,3,0,0,2,0-1,0-1,,,1,17,,\nseats,end,6000,10,true,3,0,0,2,0-1,0-1,,,1,17,,\n",
        )
        val units = UnitAccount.read(file)
        assertThat(units.map { it.wroteMessages }).containsExactly(1200L, 300L, null)
        assertThat(units.map { it.storeMessages }).containsExactly(200_000L, 200_000L, null)
        assertThat(UnitColumns.cells(units[0]).takeLast(2)).containsExactly("200,000", "1,200")
        assertThat(UnitColumns.cells(units[2]).takeLast(2)).containsExactly("–", "–")
        assertThat(UnitColumns.summary(units)).contains("The sends units each started on the same 200,000 messages in the largest store; " +
            "they sent 1,500 in all, which a restore to the seed removed before the next unit (most: a, round 1, 1,200).")
    }

    @Test
    fun `a unit that started on a busy server is named`(@TempDir dir: Path) {
        val file = dir.resolve("units.csv")
        Files.writeString(
            file,
            "plan,unit,idleAt,waitedMs,idle,serverCpuS,backendsCpuS,jmeterCpuS,cores,serverCpus,jmeterCpus\n" +
                "p,a,1000,10,true,1.000,0.100,0.500,4,1;3,0;2\np,b,3000,120000,false,3.000,0.200,1.500,4,1;3,0;2\n" +
                "p,end,4000,20,true,3.500,0.300,1.700,4,1;3,0;2\n",
        )
        val units = UnitAccount.read(file)
        assertThat(units.map { it.startedIdle }).containsExactly(true, false)
        assertThat(units[0].busyCores).isCloseTo((2.0 + 0.1 + 1.0) / 2.0, within(1e-9))
        assertThat(UnitColumns.summary(units)).contains("1 units started on a server that was still busy: b")
            .contains("the server and its backends pinned to CPUs 1,3, JMeter to 0,2")
        assertThat(UnitAccount.read(dir.resolve("missing.csv"))).isEmpty()
    }

    @Test
    fun `other processes and the hypervisor's steal are accounted, and a unit that lost much to steal is named`(@TempDir dir: Path) {
        val file = dir.resolve("units.csv")
        Files.writeString(
            file,
            "plan,unit,idleAt,waitedMs,idle,serverCpuS,backendsCpuS,jmeterCpuS,cores,serverCpus,jmeterCpus,machineBusyS,stealS\n" +
                "p,a,0,10,true,1.000,0.100,0.500,2,0-1,0-1,10.00,1.00\n" +
                "p,b,10000,10,true,5.000,0.600,2.500,2,0-1,0-1,19.00,1.10\n" +
                "p,end,20000,10,true,9.000,1.100,4.500,2,0-1,0-1,28.00,3.10\n",
        )
        val (a, b) = UnitAccount.read(file)
        assertThat(a.otherCpu).isCloseTo(9.0 - 4.0 - 0.5 - 2.0, within(1e-9))
        assertThat(a.stealShare).isCloseTo(0.1 / 20, within(1e-9))
        assertThat(b.stealShare).isCloseTo(2.0 / 20, within(1e-9))
        assertThat(UnitColumns.cells(b)).contains("10.0 %")
        assertThat(UnitColumns.summary(listOf(a, b))).contains("Other processes on the machine used 5.0 CPU s")
            .contains("the hypervisor took 5.3 % of the CPU time (most in b, round 1: 10.0 %); 1 units lost more than 5.0 %")
        // A run recorded before the machine columns existed says nothing of them.
        val older = dir.resolve("older.csv")
        Files.write(older, Files.readAllLines(smoke.resolve("results/units.csv")).map { it.split(',').take(11).joinToString(",") })
        assertThat(UnitColumns.summary(UnitAccount.read(older))).doesNotContain("hypervisor").doesNotContain("Other processes")
    }

    @Test
    fun `the rounds whose load came from several engines are named, as the test command's second rounds`(@TempDir dir: Path) {
        val file = dir.resolve("units.csv")
        val header = "plan,unit,idleAt,waitedMs,idle,serverCpuS,backendsCpuS,jmeterCpuS,cores,serverCpus,jmeterCpus,machineBusyS,stealS,engines\n"
        fun mark(plan: String, unit: String, at: Int, engines: Int) = "$plan,$unit,${at * 1000},10,true,$at,0,0,2,0-1,0-1,$at,0,$engines\n"
        Files.writeString(
            file,
            header + mark("history", "a", 0, 1) + mark("history", "end", 1, 1) + mark("history", "a", 2, 2) + mark("history", "end", 3, 2) +
                mark("seats", "b", 4, 1) + mark("seats", "end", 5, 1) + mark("seats", "b", 6, 2) + mark("seats", "end", 7, 2),
        )
        val units = UnitAccount.read(file)
        assertThat(units.map { it.engines }).containsExactly(1, 2, 1, 2)
        assertThat(units.map { it.probeMs }).containsOnlyNulls()
        assertThat(UnitColumns.cells(units[1]).take(3)).containsExactly("history", "2", "2")
        assertThat(UnitColumns.summary(units)).contains("Rounds whose load came from several JMeter engines: history round 2 on 2, seats round 2 on 2; the others' from one.")
        assertThat(UnitColumns.summary(units.filter { it.round == 2 })).contains("Every unit's load came from 2 JMeter engines.")
        assertThat(UnitColumns.summary(units.filter { it.round == 1 })).doesNotContain("engines")
    }

    @Test
    fun `the report shows where the time and the CPU went`(@TempDir out: Path) {
        val outcome = Report.generate(
            ReportInputs(smoke.resolve("results"), out, mapOf("jmeter" to "5.6.3"), 0.0),
            Instant.parse("2026-11-21T12:00:00Z"),
        )
        assertThat(outcome.comparison.units).hasSize(3 * 25)
        assertThat(Files.readString(out.resolve("index.html"))).contains("Where the time and the CPU went").contains("Every unit started on an idle server")
        assertThat(Files.readString(out.resolve("summary.md"))).contains("| sends | 3 | 1 | capacity mongo |")
    }

    @Test
    fun `the fixed work timed before a unit is that unit's, from its own drain mark`(@TempDir dir: Path) {
        val file = dir.resolve("units.csv")
        Files.writeString(
            file,
            "plan,unit,idleAt,waitedMs,idle,serverCpuS,backendsCpuS,jmeterCpuS,cores,serverCpus,jmeterCpus,machineBusyS,stealS,engines,probeMs\n" +
                "fanout,fanout room 1,0,10,true,1,0,1,2,0-1,0-1,2,0,1,91.50\nfanout,fanout room 2,60000,10,true,5,0,6,2,0-1,0-1,12,0,1,41.25\n" +
                "fanout,end,120000,10,true,9,0,11,2,0-1,0-1,22,0,1,40.75\n",
        )
        assertThat(UnitAccount.read(file).map { it.unit to it.probeMs }).containsExactly("fanout room 1" to 91.5, "fanout room 2" to 41.25)
    }
}
