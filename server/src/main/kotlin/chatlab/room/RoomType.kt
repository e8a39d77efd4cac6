package chatlab.room

enum class RoomType { ONE_TO_ONE, GOODS_TRADE, MATE_GROUP }
