package chatlab.message

import org.springframework.http.ResponseEntity

/** A history answer and how a cache answered the read behind it (null: no cache on that path). */
data class Served<T : Any>(val body: T, val cache: CacheOutcome?) {
    fun <R : Any> map(transform: (T) -> R): Served<R> = Served(transform(body), cache)

    /** 200 with [body], and the cache's outcome in the [CacheOutcome.HEADER] header when there was a cache. */
    fun toResponse(): ResponseEntity<T> = ResponseEntity.ok().apply { cache?.let { header(CacheOutcome.HEADER, it.key) } }.body(body)
}
