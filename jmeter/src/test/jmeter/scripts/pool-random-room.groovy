// A random open room of the seed for every arrival; load users are members of all of them.
vars.put('roomId', String.valueOf(1 + java.util.concurrent.ThreadLocalRandom.current().nextInt(vars.get('rooms') as int)))
