"""Online play (issue #17): two browsers over a WebRTC data channel."""
