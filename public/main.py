"""PyScript entry point: hands the page's document and window to the front end."""

from pyscript import document, window

from web.app import start

start(document, window)
