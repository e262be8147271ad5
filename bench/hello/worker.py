"""A worker that only exports a function, like the game's AI worker."""


def hello() -> str:
    return "hello world, from a worker"


__export__ = ["hello"]
