"""What runs in the AI's web worker (shipped in the worker's archive): the AI behind the
protocol.
"""
