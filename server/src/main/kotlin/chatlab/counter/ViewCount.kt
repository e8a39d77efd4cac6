package chatlab.counter

/** A room's view count in one store and mode, as `GET …/views` answers it. */
data class ViewCount(val room: Long, val store: String, val mode: String, val views: Long)
