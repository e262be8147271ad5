"""The browser front end: pure drawing functions plus a thin layer that touches the page.

Everything here must import under plain CPython (no ``pyscript``/``js`` at import
time) so it can be unit-tested without a browser.
"""
