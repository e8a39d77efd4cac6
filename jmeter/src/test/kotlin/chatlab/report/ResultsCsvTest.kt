package chatlab.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.io.StringReader
import java.nio.file.Files
import java.nio.file.Path

class ResultsCsvTest {
    @Test
    fun `quoted fields keep their commas, doubled quotes and line breaks`() {
        val text = "a,b,c\r\n1,\"x, y\",\"say \"\"hi\"\"\"\n2,\"two\nlines\",\n"
        val records = ResultsCsv.records(StringReader(text)).toList()
        assertThat(records).containsExactly(
            listOf("a", "b", "c"),
            listOf("1", "x, y", "say \"hi\""),
            listOf("2", "two\nlines", ""),
        )
    }

    @Test
    fun `columns are found by the header, the cache variable included`(@TempDir dir: Path) {
        val file = dir.resolve("r.csv")
        Files.writeString(
            file,
            "timeStamp,elapsed,label,responseCode,responseMessage,threadName,success,failureMessage,cache\n" +
                "1000,12,get chat messages [mongo-redis-keyset] mix newest,200,,t 1-1,true,,hit\n" +
                "1010,30,\"get chat messages [mysql-offset] reference\",500,Server Error,t 1-2,false,\"HTTP 500: boom, twice\",\n",
        )
        val samples = ResultsCsv.read(file)
        assertThat(samples).hasSize(2)
        assertThat(samples[0].cache).isEqualTo("hit")
        assertThat(samples[0].success).isTrue()
        assertThat(samples[1].success).isFalse()
        assertThat(samples[1].failureReason()).isEqualTo("HTTP 500: boom, twice")
        assertThat(samples[1].label).isEqualTo("get chat messages [mysql-offset] reference")
    }

    @Test
    fun `a missing or header-only file has no samples`(@TempDir dir: Path) {
        assertThat(ResultsCsv.read(dir.resolve("none.csv"))).isEmpty()
        val header = dir.resolve("header.csv")
        Files.writeString(header, "timeStamp,elapsed,label,success\n")
        assertThat(ResultsCsv.read(header)).isEmpty()
    }

    @Test
    fun `the warm round's samples are the warm-up's, so no figure counts them, its timeouts are the cold server's and a wrong answer fails the run`(
        @TempDir dir: Path,
    ) {
        val header = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,success,failureMessage\n"
        Files.createDirectories(dir.resolve("warm-round"))
        Files.createDirectories(dir.resolve("round-1"))
        Files.writeString(
            dir.resolve("warm-round/history.csv"),
            header + "1000,12,get chat messages [mysql-keyset] capacity@200,200,,t 1-1,true,\n" +
                "1001,1000,get chat messages [mysql-keyset] capacity@400,503,Service Unavailable,t 1-2,false,\n" +
                "1002,5,audit the room,200,,t 1-3,false,a message stored twice\n",
        )
        Files.writeString(dir.resolve("round-1/history.csv"), header + "2000,10,get chat messages [mysql-keyset] capacity@200,200,,t 1-1,true,\n")
        val samples = ResultsCsv.readRounds(dir, listOf("history"))
        assertThat(samples.map { it.label }).containsExactly(
            "get chat messages [mysql-keyset] warm-up", "get chat messages [mysql-keyset] warm-up", "audit the room [warm round] warm-up",
            "get chat messages [mysql-keyset] capacity@200",
        )
        assertThat(ResultsCsv.roundsByPlan(dir, listOf("history"))).isEqualTo(mapOf("history" to 1))
        val c = ComparisonBuilder(samples, Environment(emptyMap(), mapOf("cpus" to "2"), emptyMap(), java.time.Instant.EPOCH, null, null)).build()
        assertThat(c.warmUpLosses).isEqualTo(1)
        assertThat(c.countedFailed.map { it.failureMessage }).containsExactly("a message stored twice")
        assertThat(c.capacity.filter { it.subject.key == "mysql-keyset" }.map { it.perRound.size }).containsExactly(1)
    }

    @Test
    fun `labels name the sampler, the path and the shape`() {
        assertThat(SampleLabel.parse("get chat messages [mongo-redis-keyset] capacity@200"))
            .isEqualTo(SampleLabel("get chat messages", "mongo-redis-keyset", Shape.CAPACITY, rate = 200.0))
        assertThat(SampleLabel.parse("get chat messages [mysql-offset] mix scroll"))
            .isEqualTo(SampleLabel("get chat messages", "mysql-offset", Shape.MIX, kind = "scroll"))
        assertThat(SampleLabel.parse("send-to-delivery [mysql] reference")).isEqualTo(SampleLabel("send-to-delivery", "mysql", Shape.REFERENCE))
        assertThat(SampleLabel.parse("send-to-delivery [mysql] warm-up")!!.warmup).isTrue()
        assertThat(SampleLabel.parse("preflight health")).isNull()
        assertThat(SampleLabel.parse("get chat messages [mysql-offset] saturation")).isNull()
        assertThat(SampleLabel.parse("get chat messages [mysql-offset] mix sideways")).isNull()
    }

    @Test
    fun `no answer in time is unanswered, not a wrong answer, whichever client timed out`() {
        fun failed(code: String, message: String = "") = Sample(0, 1000, "send-to-delivery [mysql] capacity@80", code, message, false, "", "")
        assertThat(failed("Non HTTP response code: java.net.SocketTimeoutException").unanswered).isTrue()
        assertThat(failed("503").unanswered).isTrue()
        // A WebSocket read that timed out, as the sends plan names it (the sampler itself says only "Websocket I/O error").
        assertThat(failed("java.net.SocketTimeoutException", "Number of samples in transaction : 2, number of failing samples : 1").unanswered).isTrue()
        assertThat(failed("Websocket I/O error", "WebSocket I/O error: Connection reset").unanswered).isFalse()
        assertThat(failed("200").unanswered).isFalse()
    }
}
