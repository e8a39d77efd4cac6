package chatlab.pool

/** A pool's size in effect: the maximum it may open, and the connections it holds now (active + idle). */
data class PoolSize(val pool: String, val maximumPoolSize: Int, val total: Int, val active: Int, val idle: Int)
