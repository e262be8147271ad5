"""PyScript entry point: hands the page's document to the front end."""

from pyscript import document

from web.app import main

main(document)
