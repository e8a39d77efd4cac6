package chatlab.durability

import chatlab.sqlite.SqliteProperties
import chatlab.system.error.BadRequestException
import org.springframework.stereotype.Component
import java.nio.ByteBuffer
import java.nio.channels.FileChannel
import java.nio.file.Files
import java.nio.file.StandardOpenOption.CREATE_NEW
import java.nio.file.StandardOpenOption.DELETE_ON_CLOSE
import java.nio.file.StandardOpenOption.READ
import java.nio.file.StandardOpenOption.WRITE

/**
 * The disk's own floor under a durable commit: [writes] writes of one 4 KB page into a file written out beforehand, each
 * followed by `fdatasync` (`FileChannel.force(false)`), in the directory of the SQLite files (the embedded stack keeps
 * MariaDB's beside them), timed one by one. A durable commit waits for at least one such sync; a relaxed one for none.
 */
@Component
class FsyncProbe(private val sqlite: SqliteProperties) {

    fun measure(writes: Int): FsyncTimes {
        if (writes !in 10..10_000) throw BadRequestException("writes must be between 10 and 10000, not $writes")
        val dir = Files.createDirectories(sqlite.dir)
        val file = Files.createTempFile(dir, "fsync-probe", ".bin").also { Files.delete(it) }
        val nanos = LongArray(writes)
        FileChannel.open(file, CREATE_NEW, READ, WRITE, DELETE_ON_CLOSE).use { channel ->
            val page = ByteBuffer.allocateDirect(PAGE)
            channel.write(ByteBuffer.allocate(PAGE * PAGES), 0)
            channel.force(true)
            for (i in 0 until writes) {
                page.clear()
                page.putLong(0, i.toLong())
                val start = System.nanoTime()
                channel.write(page, (i % PAGES).toLong() * PAGE)
                channel.force(false)
                nanos[i] = System.nanoTime() - start
            }
        }
        nanos.sort()
        fun micros(q: Double) = nanos[((writes - 1) * q).toInt()] / 1_000
        return FsyncTimes(writes, PAGE, micros(0.5), micros(0.99), nanos.last() / 1_000, dir.toString())
    }

    private companion object {
        const val PAGE = 4096
        const val PAGES = 256
    }
}

/** The probe's answer: how long one page's write and sync took, in µs, at the median, the 99th percentile and the most. */
data class FsyncTimes(val writes: Int, val bytes: Int, val p50Micros: Long, val p99Micros: Long, val maxMicros: Long, val dir: String)
