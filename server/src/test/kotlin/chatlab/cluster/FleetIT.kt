package chatlab.cluster

import chatlab.message.ChatMessageDto
import chatlab.message.StompClient
import chatlab.system.readiness.RaceClient
import chatlab.system.fleet.FreePort
import org.assertj.core.api.Assertions.assertThat
import org.awaitility.kotlin.await
import org.junit.jupiter.api.Test
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.nio.file.Path
import java.time.Duration
import java.util.UUID
import java.util.concurrent.TimeUnit

/**
 * `chatlab.fleet.instances=2`: one command starts two instances on one set of backends and one broker, as the load run
 * does (with the load run's empty `--chatlab.broker=`), and `chatlab.fleet.deployments=simple:1:outbound=3` a third beside
 * them, on the simple broker, writing to its clients on a pool of its own size.
 */
class FleetIT {
    private val http = HttpClient.newHttpClient()

    private fun ready(port: Int): Int = runCatching {
        http.send(HttpRequest.newBuilder(URI("http://127.0.0.1:$port/actuator/health/readiness")).timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.discarding()).statusCode()
    }.getOrDefault(-1)

    @Test
    fun `the first instance starts the second and a further deployment on its own backends, answers for all, and stops them when it stops`() {
        val port = FreePort.find()
        val first = ChildProcess(
            "fleet", "chatlab.ChatlabApplicationKt",
            listOf("--spring.profiles.active=it", "--server.port=$port", "--chatlab.fleet.instances=2", "--chatlab.broker=", "--chatlab.fleet.deployments=simple:1:outbound=3", "--chatlab.fleet.heap=768m", "--chatlab.fleet.logs=target/cluster-logs", "--chatlab.exit-with-parent=true"),
            Path.of("target", "cluster-logs", "fleet-$port.log"), heap = "1g",
        ).start()
        var second = -1
        var third = -1
        try {
            await.atMost(Duration.ofMinutes(4)).pollInterval(Duration.ofMillis(500)).until { ready(port) == 200 || !first.isAlive }
            assertThat(first.isAlive).describedAs("the first instance exited: %s", first.logText().takeLast(3000)).isTrue()
            val activity = RaceClient(port, Cluster.SECRET).get("/api/v1/lab/activity", 1, scope = "lab")!!
            assertThat(activity.status).isEqualTo(200)
            val instances = (activity.body["instances"] as List<*>).map { it.toString() }
            assertThat(instances).describedAs("the lab's activity covers the deployment too").hasSize(3).first().isEqualTo("http://127.0.0.1:$port")
            second = URI(instances[1]).port
            third = URI(instances[2]).port
            assertThat(listOf(ready(second), ready(third))).describedAs("the first is ready only once the others are").containsOnly(200)
            val info = http.send(HttpRequest.newBuilder(URI("http://127.0.0.1:$port/actuator/info")).build(), HttpResponse.BodyHandlers.ofString()).body()
            assertThat(info).describedAs("/actuator/info names the fleet a load run spreads over, and the deployment beside it")
                .contains(""""fleet":{"instances":2,"broker":"relay","urls":["http://127.0.0.1:$port","http://127.0.0.1:$second"],""" +
                    """"deployments":[{"name":"simple-1-outbound3","broker":"simple","instances":1,"urls":["http://127.0.0.1:$third"],"outboundThreads":3}]}""")
            fun outboundPool(at: Int): Any? {
                val metric = RaceClient(at, Cluster.SECRET).get("/actuator/metrics/executor.pool.core?tag=name:clientOutboundChannelExecutor", 1)!!
                assertThat(metric.status).describedAs("the outbound pool's metric: %s", metric.body).isEqualTo(200)
                return ((metric.body["measurements"] as List<*>).single() as Map<*, *>)["value"]
            }
            assertThat(outboundPool(third)).describedAs("the deployment writes to its clients on its own 3 threads").isEqualTo(3.0)
            assertThat(outboundPool(port)).describedAs("the first keeps Spring's twice the cores").isEqualTo(2.0 * Runtime.getRuntime().availableProcessors())

            val resized = RaceClient(port, Cluster.SECRET).put("/api/v1/lab/pools/mysql?size=7", 1, scope = "lab")!!
            assertThat(resized.status).isEqualTo(200)
            val there = RaceClient(second, Cluster.SECRET).get("/api/v1/lab/pools/mysql", 1, scope = "lab")!!
            assertThat(there.body["maximumPoolSize"]).describedAs("a resize on the first instance resizes every instance's pool").isEqualTo(7)
            val configured = RaceClient(port, Cluster.SECRET).delete("/api/v1/lab/pools/mysql", 1, scope = "lab")!!
            assertThat(configured.status).isEqualTo(200)
            assertThat(RaceClient(second, Cluster.SECRET).get("/api/v1/lab/pools/mysql", 1, scope = "lab")!!.body["maximumPoolSize"])
                .describedAs("a restore on the first instance restores every instance's pool").isEqualTo(configured.body["maximumPoolSize"]).isNotEqualTo(7)

            val listener = StompClient(port)
            val room = listener.subscribe(listener.connect(RaceClient(port, Cluster.SECRET).token(1))!!, "/topic/chat-rooms.5", ChatMessageDto::class.java)
            val sender = StompClient(second)
            val clientMessageId = "fleet-" + UUID.randomUUID()
            sender.send(sender.connect(RaceClient(second, Cluster.SECRET).token(1))!!, 5, mapOf("content" to "across the fleet", "clientMessageId" to clientMessageId), "mysql")
            val delivered = generateSequence { room.poll(10, TimeUnit.SECONDS) }.firstOrNull { it.clientMessageId == clientMessageId }
            assertThat(delivered).describedAs("sent through the second instance, heard on the first").isNotNull

            val alone = StompClient(third)
            val session = alone.connect(RaceClient(third, Cluster.SECRET).token(1))!!
            val itsRoom = alone.subscribe(session, "/topic/chat-rooms.5", ChatMessageDto::class.java)
            val itsMessageId = "deployment-" + UUID.randomUUID()
            alone.send(session, 5, mapOf("content" to "on the simple broker", "clientMessageId" to itsMessageId), "mysql")
            val heard = generateSequence { itsRoom.poll(10, TimeUnit.SECONDS) }.firstOrNull { it.clientMessageId == itsMessageId }
            assertThat(heard).describedAs("the simple-1-outbound3 deployment delivers its own room's broadcasts").isNotNull

            // The send path's stages, as the fan-out audit reads them: the first instance answers for the fleet, the
            // second for itself. The store write happened on the second, the delivery to the listener on the first.
            fun stages(at: Int) = (RaceClient(at, Cluster.SECRET).get("/api/v1/lab/send-stages", 1, scope = "lab")!!.body["stages"] as Map<*, *>)
                .entries.associate { (stage, total) -> stage.toString() to ((total as Map<*, *>)["count"] as Number).toLong() }
            await.atMost(Duration.ofSeconds(10)).untilAsserted {
                val alone = stages(second)
                val fleet = stages(port)
                assertThat(alone.getValue("store")).describedAs("stored by the second instance").isGreaterThanOrEqualTo(1)
                assertThat(fleet.getValue("store")).describedAs("the fleet's sum holds the second's store writes").isGreaterThanOrEqualTo(alone.getValue("store"))
                assertThat(fleet.getValue("outbound")).describedAs("the fleet's sum adds the first instance's delivery to the second's")
                    .isGreaterThan(alone.getValue("outbound"))
            }
            val cpu = RaceClient(port, Cluster.SECRET).get("/api/v1/lab/send-stages", 1, scope = "lab")!!.body["cpuSeconds"] as Map<*, *>
            val deployment = ((cpu["deployments"] as Map<*, *>)["simple-1-outbound3"] as Number).toDouble()
            assertThat(deployment).describedAs("the deployment's own instance used CPU (it started and delivered)").isGreaterThan(0.0)
                .isLessThan((cpu["server"] as Number).toDouble())
        } finally {
            first.stop()
        }
        if (second > 0) await.atMost(Duration.ofMinutes(1)).until { ready(second) == -1 && ready(third) == -1 }
    }
}
