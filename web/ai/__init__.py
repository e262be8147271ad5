"""The page's side of the AI: the typed messages to its web worker, and the clients that send
them.
"""
