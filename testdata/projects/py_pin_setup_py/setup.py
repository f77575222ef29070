from setuptools import find_packages, setup

setup(
    name="relay",
    version="0.1.0",
    packages=find_packages(),
    install_requires=[
        "requests>=2",  # http client
        "kafka-python==2.0.1",
    ],
)
