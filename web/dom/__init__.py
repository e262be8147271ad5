"""The only code that touches the browser (``js``): the page, its services, sound."""
